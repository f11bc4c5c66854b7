import { useEffect, useRef, useState } from 'react';
import { dashboardAutoLoadDelayMs } from '@atende/shared/constants';
import { toastError } from '../../lib/toast-error.ts';

/**
 * The filter a dashboard query runs with: nothing at first, `initial` once `delayMs` has passed
 * (core §2: the default period loads 1 second after opening), then whatever Filtrar applies.
 */
export function useAutoApplied<T>(initial: T, delayMs: number = dashboardAutoLoadDelayMs) {
  const [applied, setApplied] = useState<T | undefined>(undefined);
  const initialRef = useRef(initial);
  useEffect(() => {
    const timer = setTimeout(() => setApplied((current) => current ?? initialRef.current), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return [applied, setApplied] as const;
}

/** A failed dashboard load shows its error as a toast, once per failure. */
export function useLoadErrorToastOf(query: { isError: boolean; errorUpdatedAt: number; error: unknown }) {
  const { isError, errorUpdatedAt, error } = query;
  useEffect(() => {
    if (isError) toastError(error);
  }, [isError, errorUpdatedAt, error]);
}

/**
 * A dashboard chart's query: its range applies `delayMs` after opening and then whatever its own
 * Filtrar applies; a failed load toasts.
 */
export function useChartQuery<R, Q extends { isError: boolean; errorUpdatedAt: number; error: unknown }>(
  initialRange: R,
  useData: (range: R | undefined) => Q,
) {
  const [range, setRange] = useAutoApplied(initialRange);
  const query = useData(range);
  useLoadErrorToastOf(query);
  return { range, setRange, query };
}
