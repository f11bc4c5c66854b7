import { useEffect, useState } from 'react';
import { searchDebounceMs } from '@atende/shared/constants';

/** The value as it was `delayMs` after it last changed (core §9: searches wait 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = searchDebounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
