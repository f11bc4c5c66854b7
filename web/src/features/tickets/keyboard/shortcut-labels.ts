import { t, type MessageKey } from '../../../i18n/index.ts';
import type { KeyCombo, Shortcut } from './shortcuts.ts';

/** The help dialog's words for the shortcut table (every one from the catalogue). */
const namedKeys: Record<string, MessageKey> = {
  Enter: 'keyboard.key.enter',
  Escape: 'keyboard.key.escape',
  ArrowDown: 'keyboard.key.arrowDown',
  ArrowUp: 'keyboard.key.arrowUp',
};

/** The keys of one combination, as the help shows them: Ctrl, Alt, Shift, then the key. */
export function comboKeys(combo: KeyCombo): string[] {
  const named = namedKeys[combo.key];
  return [
    ...(combo.mod ? [t('keyboard.key.mod')] : []),
    ...(combo.alt ? [t('keyboard.key.alt')] : []),
    ...(combo.shift ? [t('keyboard.key.shift')] : []),
    named ? t(named) : combo.key,
  ];
}

const tabNames: Partial<Record<Shortcut['id'], MessageKey>> = {
  tabAssigned: 'tickets.tabs.assigned',
  tabPending: 'tickets.tabs.pending',
  tabClosed: 'tickets.tabs.closed',
  tabSearch: 'tickets.tabs.search',
};

export function shortcutText(shortcut: Shortcut): string {
  const tab = tabNames[shortcut.id];
  return t(`keyboard.action.${shortcut.id}` as MessageKey, tab ? { tab: t(tab) } : undefined);
}
