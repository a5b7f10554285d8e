import { useEffect, useState } from 'react';

/**
 * A temporary `blob:` URL showing a file the user picked (a picture's preview). The URL is revoked when the file
 * changes and when the component goes away, so a seller trying several pictures does not keep each one in memory.
 */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
