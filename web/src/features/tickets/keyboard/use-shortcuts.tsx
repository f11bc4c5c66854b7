import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { t } from '../../../i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { pageShortcutFor, type ShortcutId } from './shortcuts.ts';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';

/** A shortcut's action; answering false means "not mine here", and the next one is asked. */
export type ShortcutHandler = () => boolean | void;

interface Registration {
  handler: { current: ShortcutHandler };
  priority: number;
}

interface ShortcutsApi {
  register(id: ShortcutId, registration: Registration): () => void;
  run(id: ShortcutId): void;
}

const ShortcutsContext = createContext<ShortcutsApi | undefined>(undefined);

/** What a shortcut says when nothing on the screen took it. */
const unhandledText: Partial<Record<ShortcutId, () => string>> = {
  accept: () => t('keyboard.nothingToAccept'),
  resolve: () => t('keyboard.noTicket'),
  transfer: () => t('keyboard.noTicket'),
  return: () => t('keyboard.noTicket'),
  reply: () => t('keyboard.noTicket'),
  quickReplies: () => t('keyboard.noTicket'),
  attach: () => t('keyboard.noTicket'),
};

/** A modal dialog is open: its keys are its own (Esc closes it, Enter confirms). */
const dialogOpen = () => document.querySelector('[aria-modal="true"]') !== null;

/**
 * The inbox's keyboard shortcuts: one keydown listener on the document reads the shortcut table
 * (shortcuts.ts) and calls what the screen's parts registered with useShortcut; `?` opens the
 * help dialog drawn from the same table.
 */
export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const registry = useRef(new Map<ShortcutId, Registration[]>());
  const [helpOpen, setHelpOpen] = useState(false);

  const run = useCallback((id: ShortcutId) => {
    if (id === 'help') {
      setHelpOpen(true);
      return;
    }
    const candidates = [...(registry.current.get(id) ?? [])].sort((a, b) => b.priority - a.priority);
    for (const candidate of candidates) {
      if (candidate.handler.current() !== false) return;
    }
    const text = unhandledText[id];
    if (text) toast.info(text());
  }, []);

  const api = useMemo<ShortcutsApi>(
    () => ({
      register(id, registration) {
        const list = registry.current.get(id) ?? [];
        registry.current.set(id, [...list, registration]);
        return () => {
          registry.current.set(
            id,
            (registry.current.get(id) ?? []).filter((item) => item !== registration),
          );
        };
      },
      run,
    }),
    [run],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || dialogOpen()) return;
      const shortcut = pageShortcutFor(event, event.target instanceof Element ? event.target : null);
      if (!shortcut) return;
      event.preventDefault();
      run(shortcut.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [run]);

  return (
    <ShortcutsContext.Provider value={api}>
      {children}
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </ShortcutsContext.Provider>
  );
}

/**
 * Binds a shortcut to an action while the component is mounted. Where two parts of the screen
 * take the same shortcut, the higher priority is asked first; answering false passes it on.
 */
export function useShortcut(id: ShortcutId, handler: ShortcutHandler, priority = 0): void {
  const api = useContext(ShortcutsContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => api?.register(id, { handler: handlerRef, priority }), [api, id, priority]);
}

/** Runs a shortcut's action as if its key had been pressed (e.g. Enter on the open ticket's row). */
export function useRunShortcut(): (id: ShortcutId) => void {
  const api = useContext(ShortcutsContext);
  return useCallback((id: ShortcutId) => api?.run(id), [api]);
}
