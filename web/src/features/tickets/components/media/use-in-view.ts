import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the visible area (and stays true): media
 * are fetched only for what the agent scrolls to. Without IntersectionObserver, at once.
 */
export function useInView<T extends Element>(rootMargin = '200px'): [(element: T | null) => void, boolean] {
  const [inView, setInView] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || inView) return;
      if (typeof IntersectionObserver === 'undefined') {
        setInView(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setInView(true);
            observer.current?.disconnect();
          }
        },
        { rootMargin },
      );
      observer.current.observe(element);
    },
    [inView, rootMargin],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, inView];
}
