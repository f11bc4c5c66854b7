/**
 * A tiny toast store outside React, so API helpers and the live socket can raise toasts too.
 * The ToastViewport component renders it; every toast closes itself after 3000 ms (extended §2.1).
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const toastAutoCloseMs = 3000;
const maxVisibleToasts = 5;

export function createToastStore(timers: ToastTimers = defaultTimers, autoCloseMs = toastAutoCloseMs) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const closeTimers = new Map<number, unknown>();
  const listeners = new Set<() => void>();

  const publish = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of [...listeners]) listener();
  };

  function dismiss(id: number): void {
    timers.clearTimeout(closeTimers.get(id));
    closeTimers.delete(id);
    if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
  }

  function show(kind: ToastKind, message: string): number {
    const id = nextId++;
    const visible = [...toasts, { id, kind, message }];
    for (const dropped of visible.slice(0, Math.max(0, visible.length - maxVisibleToasts))) {
      timers.clearTimeout(closeTimers.get(dropped.id));
      closeTimers.delete(dropped.id);
    }
    closeTimers.set(
      id,
      timers.setTimeout(() => dismiss(id), autoCloseMs),
    );
    publish(visible.slice(-maxVisibleToasts));
    return id;
  }

  return {
    show,
    dismiss,
    getSnapshot: (): readonly Toast[] => toasts,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

const defaultTimers: ToastTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const toastStore = createToastStore();

export const toast = {
  success: (message: string) => toastStore.show('success', message),
  error: (message: string) => toastStore.show('error', message),
  info: (message: string) => toastStore.show('info', message),
  warning: (message: string) => toastStore.show('warning', message),
};
