import { describe, expect, it } from 'vitest';
import { tCount } from './t.ts';

describe('counted texts', () => {
  it('says one thing in the singular and other counts in the plural', () => {
    expect(tCount('tickets.unread', 1)).toBe('1 mensaje sin leer');
    expect(tCount('tickets.unread', 3)).toBe('3 mensajes sin leer');
    expect(tCount('tickets.unread', 0)).toBe('0 mensajes sin leer');
    expect(tCount('notifications.labelCount', 1)).toBe('Notificaciones: 1 conversación sin leer');
    expect(tCount('notifications.labelCount', 2)).toBe('Notificaciones: 2 conversaciones sin leer');
    expect(tCount('campaigns.config.seconds', 1, { n: 1 })).toBe('1 segundo');
    expect(tCount('campaigns.config.seconds', 20, { n: 20 })).toBe('20 segundos');
    expect(tCount('chats.unread', 1)).toBe('1 mensaje sin leer');
    expect(tCount('files.optionsCount', 1)).toBe('1 opción');
  });
});
