import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: a box that asks the server as the user types asks once per pause,
 * not once per key. The first value is there at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
