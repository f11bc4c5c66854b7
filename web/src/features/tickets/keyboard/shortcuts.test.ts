import { describe, expect, it } from 'vitest';
import { messagesEs, type MessageKey } from '../../../i18n/messages.es.ts';
import { stepIndex } from './list-cursor.ts';
import { comboKeys, shortcutText } from './shortcut-labels.ts';
import {
  comboMatches,
  isTypingTarget,
  pageShortcutFor,
  shortcutGroups,
  shortcuts,
  type KeyPress,
  type TargetLike,
} from './shortcuts.ts';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

const element = (tagName: string, extra: Partial<TargetLike> & { role?: string } = {}): TargetLike => ({
  tagName,
  ...extra,
  getAttribute: (name) => (name === 'role' ? (extra.role ?? null) : null),
});

const body = element('BODY');
const textarea = element('TEXTAREA');
const textInput = element('INPUT', { type: 'text' });
const idOf = (key: KeyPress, target: TargetLike | null = body) => pageShortcutFor(key, target)?.id;

describe('the "not while typing" rule', () => {
  it('counts text fields, text areas, selects, editable elements and ARIA text boxes as typing', () => {
    expect(isTypingTarget(textarea)).toBe(true);
    expect(isTypingTarget(textInput)).toBe(true);
    expect(isTypingTarget(element('INPUT'))).toBe(true);
    expect(isTypingTarget(element('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(element('SELECT'))).toBe(true);
    expect(isTypingTarget(element('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'textbox' }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'combobox' }))).toBe(true);
  });

  it('does not count the page, buttons, checkboxes or list rows', () => {
    expect(isTypingTarget(body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(element('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(element('INPUT', { type: 'file' }))).toBe(false);
    expect(isTypingTarget(element('DIV', { role: 'button' }))).toBe(false);
  });

  it('fires no letter, digit, symbol or Enter shortcut while typing', () => {
    for (const key of ['j', 'k', 'a', 'r', 't', 'q', 's', 'u', '1', '2', '3', '/', '\\', '?', 'Enter']) {
      expect(idOf(press(key), body), key).toBeDefined();
      expect(idOf(press(key), textarea), key).toBeUndefined();
      expect(idOf(press(key), textInput), key).toBeUndefined();
      expect(idOf(press(key), element('SELECT')), key).toBeUndefined();
    }
    expect(idOf(press('ArrowDown', { altKey: true }), textarea)).toBeUndefined();
  });

  it('fires the Ctrl shortcuts meant for fields while typing, and their plain keys only outside', () => {
    expect(idOf(press('k', { ctrlKey: true }), textInput)).toBe('search');
    expect(idOf(press('k', { metaKey: true }), textarea)).toBe('search');
    expect(idOf(press('/', { ctrlKey: true }), textarea)).toBe('quickReplies');
    expect(idOf(press('u', { ctrlKey: true }), textarea)).toBe('attach');
    expect(idOf(press('s'), textInput)).toBeUndefined();
    expect(idOf(press('u'), textarea)).toBeUndefined();
  });

  it('leaves Enter and Space to the button, link or tab they are pressed on', () => {
    expect(idOf(press('Enter'), body)).toBe('reply');
    expect(idOf(press('Enter'), element('BUTTON'))).toBeUndefined();
    expect(idOf(press('Enter'), element('A'))).toBeUndefined();
    expect(idOf(press('Enter'), element('DIV', { role: 'tab' }))).toBeUndefined();
    // Other keys still work with the focus on a button or a list row.
    expect(idOf(press('j'), element('BUTTON'))).toBe('next');
    expect(idOf(press('a'), element('DIV', { role: 'button' }))).toBe('accept');
  });

  it('keeps the reply box’s own keys (send, new line, leave) out of the page bindings', () => {
    expect(idOf(press('Escape'), body)).toBeUndefined();
    expect(idOf(press('Enter', { shiftKey: true }), body)).toBeUndefined();
  });
});

describe('matching keys', () => {
  it('matches letters whatever the Caps Lock, but not with Shift, Ctrl or Alt added', () => {
    expect(idOf(press('J'))).toBe('next');
    expect(idOf(press('J', { shiftKey: true }))).toBeUndefined();
    expect(idOf(press('r', { ctrlKey: true }))).toBeUndefined();
    expect(idOf(press('a', { altKey: true }))).toBeUndefined();
  });

  it('matches symbols by the character produced, on any layout', () => {
    // "?" is Shift+/ on a US keyboard and Shift+' on a Spanish one: Shift is not checked.
    expect(idOf(press('?', { shiftKey: true }))).toBe('help');
    // "/" is Shift+7 on Spanish and Portuguese keyboards.
    expect(idOf(press('/', { shiftKey: true }))).toBe('reply');
    // "\" is AltGr+º on a Spanish keyboard (Ctrl+Alt on Windows), Option+Shift+7 on a Spanish Mac.
    expect(idOf(press('\\', { ctrlKey: true, altKey: true }))).toBe('quickReplies');
    expect(idOf(press('\\', { altKey: true, shiftKey: true }))).toBe('quickReplies');
    // A real Ctrl+/ is the quick replies' Ctrl form, not the reply box's "/".
    expect(idOf(press('/', { ctrlKey: true }))).toBe('quickReplies');
  });

  it('matches named keys with exactly their modifiers', () => {
    expect(idOf(press('ArrowDown', { altKey: true }))).toBe('next');
    expect(idOf(press('ArrowUp', { altKey: true }))).toBe('previous');
    expect(idOf(press('ArrowDown'))).toBeUndefined();
    expect(comboMatches({ key: 'Enter', shift: true }, press('Enter', { shiftKey: true }))).toBe(true);
    expect(comboMatches({ key: 'Enter' }, press('Enter', { shiftKey: true }))).toBe(false);
  });

  it('moves the list cursor from none to an end, and stops at the ends', () => {
    expect(stepIndex(0, -1, 1)).toBeUndefined();
    expect(stepIndex(3, -1, 1)).toBe(0);
    expect(stepIndex(3, -1, -1)).toBe(2);
    expect(stepIndex(3, 0, 1)).toBe(1);
    expect(stepIndex(3, 2, 1)).toBe(2);
    expect(stepIndex(3, 0, -1)).toBe(0);
  });
});

describe('the shortcut table', () => {
  it('names each shortcut once and gives no two the same keys in the same place', () => {
    const ids = shortcuts.map((shortcut) => shortcut.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Map<string, string>();
    for (const shortcut of shortcuts) {
      for (const combo of shortcut.keys) {
        const name = `${shortcut.scope}:${combo.mod ? 'mod+' : ''}${combo.alt ? 'alt+' : ''}${combo.shift ? 'shift+' : ''}${combo.key.toLowerCase()}`;
        expect(seen.get(name), name).toBeUndefined();
        seen.set(name, shortcut.id);
      }
    }
  });

  it('binds every page shortcut to a key that reaches it from the page', () => {
    for (const shortcut of shortcuts.filter((item) => item.scope === 'page')) {
      for (const combo of shortcut.keys) {
        const key = press(combo.key, {
          ctrlKey: Boolean(combo.mod),
          altKey: Boolean(combo.alt),
          shiftKey: Boolean(combo.shift),
        });
        expect(pageShortcutFor(key, body)?.id, `${shortcut.id} ${combo.key}`).toBe(shortcut.id);
      }
    }
  });

  it('has the keys the brief asks for', () => {
    const has = (id: string, key: string) =>
      shortcuts.find((shortcut) => shortcut.id === id)?.keys.some((combo) => combo.key === key && !combo.mod);
    expect(has('next', 'j') && has('previous', 'k') && has('accept', 'a') && has('resolve', 'r')).toBe(true);
    expect(has('transfer', 't') && has('return', 'q') && has('reply', 'Enter') && has('help', '?')).toBe(
      true,
    );
  });

  it('lets no page shortcut use a key the browser keeps (Ctrl+W, T, N, Tab, L, R, F5 and Alt+←/→)', () => {
    const reserved = ['w', 't', 'n', 'tab', 'l', 'r'];
    for (const shortcut of shortcuts) {
      for (const combo of shortcut.keys) {
        if (combo.mod) expect(reserved, `${shortcut.id}`).not.toContain(combo.key.toLowerCase());
        expect(combo.key).not.toBe('F5');
        if (combo.alt) expect(['ArrowLeft', 'ArrowRight']).not.toContain(combo.key);
      }
    }
  });

  it('has a catalogue text for every shortcut, group and key the help dialog shows', () => {
    for (const group of shortcutGroups) {
      expect(messagesEs[`keyboard.group.${group}` as MessageKey]).toBeTruthy();
      expect(shortcuts.some((shortcut) => shortcut.group === group)).toBe(true);
    }
    for (const shortcut of shortcuts) {
      expect(messagesEs[`keyboard.action.${shortcut.id}` as MessageKey], shortcut.id).toBeTruthy();
      expect(shortcutText(shortcut)).not.toMatch(/[{}]/);
    }
    expect(shortcutText(shortcuts.find((item) => item.id === 'tabPending')!)).toBe(
      `Pestaña «${messagesEs['tickets.tabs.pending']}»`,
    );
    expect(comboKeys({ key: 'k', mod: true })).toEqual(['Ctrl', 'k']);
    expect(comboKeys({ key: 'ArrowDown', alt: true })).toEqual(['Alt', '↓']);
    expect(comboKeys({ key: 'Enter', shift: true })).toEqual(['Mayús', 'Enter']);
  });
});
