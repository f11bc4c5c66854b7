import { describe, expect, it } from 'vitest';
import { fileKind, formatBytes, formatDuration, locationOf, vcardContacts } from './media-rules.ts';

describe('location card', () => {
  it('reads the stored JSON: name, address and a map link to the coordinates', () => {
    const card = locationOf(
      JSON.stringify({ latitude: -23.55, longitude: -46.63, name: 'Oficina', address: 'Av. Paulista 1000' }),
    );
    expect(card).toEqual({
      name: 'Oficina',
      address: 'Av. Paulista 1000',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=-23.55%2C-46.63',
    });
    expect(
      locationOf(JSON.stringify({ latitude: 1, longitude: 2, name: null, address: null })).name,
    ).toBeNull();
  });

  it('keeps an https map link, searches a place name, and never links another scheme', () => {
    expect(locationOf('https://maps.app.goo.gl/x').mapUrl).toBe('https://maps.app.goo.gl/x');
    expect(locationOf('Plaza Mayor')).toMatchObject({
      name: 'Plaza Mayor',
      mapUrl: expect.stringContaining('query=Plaza%20Mayor'),
    });
    expect(locationOf('javascript:alert(1)').mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\//);
  });
});

describe('vCard', () => {
  it('takes the name and the WhatsApp id of each card', () => {
    const body = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Carla Díaz',
      'item1.TEL;type=CELL;waid=5511912345678:+55 11 91234-5678',
      'END:VCARD',
      'BEGIN:VCARD',
      'N:Pérez;Juan;;;',
      'TEL;TYPE=cell:+54 9 11 5555-0000',
      'END:VCARD',
    ].join('\n');
    expect(vcardContacts(body)).toEqual([
      { name: 'Carla Díaz', number: '5511912345678' },
      { name: 'Juan Pérez', number: '5491155550000' },
    ]);
  });

  it('has no number for a card without a usable one', () => {
    expect(vcardContacts('BEGIN:VCARD\nFN:Sin número\nTEL:123\nEND:VCARD')).toEqual([
      { name: 'Sin número', number: null },
    ]);
    expect(vcardContacts('hola')).toEqual([]);
  });
});

describe('sizes and durations', () => {
  it('formats as the chat shows them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatDuration(83.4)).toBe('1:23');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBeNull();
    expect(fileKind('presupuesto.pdf', 'application/pdf')).toBe('PDF');
    expect(fileKind('archivo', 'application/pdf')).toBe('PDF');
    expect(fileKind(null, 'application/octet-stream')).toBe('');
  });
});
