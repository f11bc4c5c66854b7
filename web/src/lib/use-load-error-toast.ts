import { useEffect } from 'react';
import { toast } from './toast.ts';

/**
 * Shows `message` as an error toast once per failed load (core §8: the administration tables say
 * 'No fue posible cargar la lista de registros' instead of the generic handler's text).
 */
export function useLoadErrorToast(query: { isError: boolean; errorUpdatedAt: number; error: unknown }, message: string) {
  const { isError, errorUpdatedAt, error } = query;
  useEffect(() => {
    if (!isError) return;
    console.error(error);
    toast.error(message);
  }, [isError, errorUpdatedAt, error, message]);
}
