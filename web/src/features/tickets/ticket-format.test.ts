import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatListTime,
  initialsOf,
  missedCallPreview,
  plainPreview,
  shortName,
} from './ticket-format.ts';

describe('formatListTime', () => {
  const now = new Date(2025, 4, 20, 18, 30);

  it('shows HH:mm for today', () => {
    expect(formatListTime(new Date(2025, 4, 20, 9, 5).toISOString(), now)).toBe('09:05');
  });

  it('shows DD/MM/YYYY for any other day', () => {
    expect(formatListTime(new Date(2025, 4, 19, 23, 59).toISOString(), now)).toBe('19/05/2025');
    expect(formatListTime(new Date(2024, 0, 3, 12, 0).toISOString(), now)).toBe('03/01/2024');
  });

  it('is empty for missing or invalid dates', () => {
    expect(formatListTime(null, now)).toBe('');
    expect(formatListTime('nope', now)).toBe('');
  });
});

describe('small formatters', () => {
  it('formats the day separator', () => {
    expect(formatDay(new Date(2025, 11, 1, 8).toISOString())).toBe('01/12/2025');
  });

  it('takes initials', () => {
    expect(initialsOf('Juan Pérez Gómez')).toBe('JG');
    expect(initialsOf('juan')).toBe('JU');
    expect(initialsOf('')).toBe('?');
  });

  it('cuts names to 10 characters only on narrow screens', () => {
    expect(shortName('Maximiliano Rodríguez', true)).toBe('Maximilian…');
    expect(shortName('Maximiliano Rodríguez', false)).toBe('Maximiliano Rodríguez');
    expect(shortName('Juan', true)).toBe('Juan');
  });
});

describe('plainPreview', () => {
  it('drops the signature markers and line breaks', () => {
    expect(plainPreview('*Ana:*\nHola Juan')).toBe('Ana: Hola Juan');
    expect(plainPreview(null)).toBe('');
  });

  it('names a contact card and a location instead of showing their raw bodies', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Pedro Amigo\nTEL;type=CELL;waid=5511966660002:+55 11 96666-0002\nEND:VCARD';
    expect(plainPreview(vcard)).toBe('Contacto: Pedro Amigo');
    const location = JSON.stringify({ latitude: -23.56, longitude: -46.65, name: 'Oficina Centro', address: null });
    expect(plainPreview(location)).toBe('Ubicación: Oficina Centro');
    expect(plainPreview('{"a":1}')).toBe('{"a":1}');
  });
});

describe('missedCallPreview', () => {
  it('takes the phone emoji off a missed call line, for an icon to stand in', () => {
    expect(missedCallPreview('📞 Llamada de voz')).toBe('Llamada de voz');
    expect(missedCallPreview('📞 Llamada de video')).toBe('Llamada de video');
    expect(missedCallPreview('Hola 📞')).toBeUndefined();
    expect(missedCallPreview(null)).toBeUndefined();
  });
});

describe('plainPreview and WhatsApp styles', () => {
  it('drops bold, italic and strike markers', () => {
    expect(plainPreview('*Ana Agente*:\n~caro~ _barato_')).toBe('Ana Agente: caro barato');
  });
});

