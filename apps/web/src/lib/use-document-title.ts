import { useEffect } from 'react';

export const APP_NAME = 'Puronoboi';

export function pageTitle(title?: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets the browser tab title to "<title> · Puronoboi" while the calling screen is shown. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
