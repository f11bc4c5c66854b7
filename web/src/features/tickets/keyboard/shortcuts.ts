/**
 * The inbox's keyboard shortcuts (issue #30, keyboard-first agent flow): one table that both the
 * key bindings (use-shortcuts.tsx) and the help dialog (`?`) read, so they cannot diverge.
 *
 * Keys are matched on the character the key produces (`KeyboardEvent.key`), not on the physical
 * key, so `?`, `/` and `\` work on Spanish, Portuguese and US layouts alike: for a symbol, Shift
 * and Alt or AltGr (reported as Ctrl+Alt) are part of producing it and are not checked. Letters, digits
 * and named keys (arrows, Enter) need exactly the modifiers the table names.
 */

export type ShortcutId =
  | 'next'
  | 'previous'
  | 'accept'
  | 'resolve'
  | 'transfer'
  | 'return'
  | 'reply'
  | 'quickReplies'
  | 'attach'
  | 'search'
  | 'tabAssigned'
  | 'tabPending'
  | 'tabClosed'
  | 'tabSearch'
  | 'help'
  | 'send'
  | 'newLine'
  | 'leaveReply';

export type ShortcutGroup = 'navigation' | 'ticket' | 'reply' | 'general';

/** One way of pressing a shortcut: the key produced, with Ctrl (⌘ on a Mac), Alt or Shift. */
export interface KeyCombo {
  key: string;
  /** Ctrl, or ⌘ on a Mac. */
  mod?: boolean;
  alt?: boolean;
  /** Only for letters and named keys (Shift+Enter); a symbol's Shift is never checked. */
  shift?: boolean;
}

export interface Shortcut {
  id: ShortcutId;
  group: ShortcutGroup;
  keys: readonly KeyCombo[];
  /**
   * `page`: bound on the inbox page, never while typing in a field unless `whileTyping`.
   * `replyBox`: keys of the reply box itself (it handles them; listed so the help shows them).
   */
  scope: 'page' | 'replyBox';
  /** Also fires with the focus in a text field (only Ctrl combinations, which type nothing). */
  whileTyping?: boolean;
}

export const shortcuts: readonly Shortcut[] = [
  { id: 'next', group: 'navigation', scope: 'page', keys: [{ key: 'j' }, { key: 'ArrowDown', alt: true }] },
  { id: 'previous', group: 'navigation', scope: 'page', keys: [{ key: 'k' }, { key: 'ArrowUp', alt: true }] },
  { id: 'tabAssigned', group: 'navigation', scope: 'page', keys: [{ key: '1' }] },
  { id: 'tabPending', group: 'navigation', scope: 'page', keys: [{ key: '2' }] },
  { id: 'tabClosed', group: 'navigation', scope: 'page', keys: [{ key: '3' }] },
  { id: 'tabSearch', group: 'navigation', scope: 'page', keys: [{ key: '4' }] },
  {
    id: 'search',
    group: 'navigation',
    scope: 'page',
    whileTyping: true,
    keys: [{ key: 's' }, { key: 'k', mod: true }],
  },
  { id: 'accept', group: 'ticket', scope: 'page', keys: [{ key: 'a' }] },
  { id: 'resolve', group: 'ticket', scope: 'page', keys: [{ key: 'r' }] },
  { id: 'transfer', group: 'ticket', scope: 'page', keys: [{ key: 't' }] },
  { id: 'return', group: 'ticket', scope: 'page', keys: [{ key: 'q' }] },
  { id: 'reply', group: 'reply', scope: 'page', keys: [{ key: 'Enter' }, { key: '/' }] },
  {
    id: 'quickReplies',
    group: 'reply',
    scope: 'page',
    whileTyping: true,
    keys: [{ key: '\\' }, { key: '/', mod: true }],
  },
  {
    id: 'attach',
    group: 'reply',
    scope: 'page',
    whileTyping: true,
    keys: [{ key: 'u' }, { key: 'u', mod: true }],
  },
  { id: 'send', group: 'reply', scope: 'replyBox', keys: [{ key: 'Enter' }, { key: 'Enter', mod: true }] },
  { id: 'newLine', group: 'reply', scope: 'replyBox', keys: [{ key: 'Enter', shift: true }] },
  { id: 'leaveReply', group: 'reply', scope: 'replyBox', keys: [{ key: 'Escape' }] },
  { id: 'help', group: 'general', scope: 'page', keys: [{ key: '?' }] },
];

export const shortcutGroups: readonly ShortcutGroup[] = ['navigation', 'ticket', 'reply', 'general'];

/** What matching reads of a keyboard event (a DOM KeyboardEvent or React's). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const isSymbol = (key: string) => [...key].length === 1 && !/[\p{L}\p{N}\s]/u.test(key);

/** Whether a key press is this combination (see the file's note on symbols and modifiers). */
export function comboMatches(combo: KeyCombo, press: KeyPress): boolean {
  const mod = press.ctrlKey || press.metaKey;
  if (isSymbol(combo.key)) {
    if (press.key !== combo.key) return false;
    // Alt (Option on a Mac) may be part of typing the symbol; AltGr arrives as Ctrl+Alt, and a
    // symbol typed with it is not a Ctrl shortcut.
    const altGr = press.ctrlKey && press.altKey && !press.metaKey;
    return Boolean(combo.mod) === (mod && !altGr);
  }
  const sameKey =
    [...combo.key].length === 1
      ? press.key.toLowerCase() === combo.key.toLowerCase()
      : press.key === combo.key;
  return (
    sameKey &&
    Boolean(combo.mod) === mod &&
    Boolean(combo.alt) === press.altKey &&
    Boolean(combo.shift) === press.shiftKey
  );
}

export function shortcutMatches(shortcut: Shortcut, press: KeyPress): boolean {
  return shortcut.keys.some((combo) => comboMatches(combo, press));
}

export function shortcutById(id: ShortcutId, table: readonly Shortcut[] = shortcuts): Shortcut {
  const found = table.find((shortcut) => shortcut.id === id);
  if (!found) throw new Error(`No shortcut ${id}`);
  return found;
}

/** The smallest slice of an element the typing rule reads (so it is testable without a DOM). */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

const textlessInputs = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'file',
  'range',
  'color',
  'image',
]);
const typingRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/**
 * The "not while typing" rule: a key pressed in a text field, a text area, a select (where
 * letters choose an option), an editable element or an ARIA text box belongs to that field.
 */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !textlessInputs.has((target.type ?? 'text').toLowerCase());
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.('role');
  return role ? typingRoles.has(role) : false;
}

const activating = new Set(['BUTTON', 'A', 'SUMMARY']);
const activatingRoles = new Set([
  'button',
  'link',
  'option',
  'tab',
  'checkbox',
  'switch',
  'menuitem',
  'radio',
]);

/** Enter and Space on a button, a link or a tab keep their own meaning (they press it). */
function activatesTarget(press: KeyPress, target: TargetLike | null | undefined): boolean {
  if (!target || (press.key !== 'Enter' && press.key !== ' ')) return false;
  if (activating.has((target.tagName ?? '').toUpperCase())) return true;
  const role = target.getAttribute?.('role');
  return role ? activatingRoles.has(role) : false;
}

/**
 * The page shortcut a key press means where it was pressed, or undefined: nothing fires while
 * typing in a field (unless the shortcut is meant to), and Enter keeps pressing buttons.
 */
export function pageShortcutFor(
  press: KeyPress,
  target: TargetLike | null | undefined,
  table: readonly Shortcut[] = shortcuts,
): Shortcut | undefined {
  const typing = isTypingTarget(target);
  return table.find(
    (shortcut) =>
      shortcut.scope === 'page' &&
      shortcutMatches(shortcut, press) &&
      (!typing ||
        (shortcut.whileTyping === true &&
          shortcut.keys.some((combo) => combo.mod && comboMatches(combo, press)))) &&
      !activatesTarget(press, target),
  );
}
