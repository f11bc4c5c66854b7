import { formatNumber } from '../../i18n/format.ts';
/**
 * Reading a message's media for display: the location and contact cards' data from the stored
 * body, file sizes and durations as the chat shows them. Pure, so it is unit-tested.
 */

export interface LocationCard {
  name: string | null;
  address: string | null;
  mapUrl: string;
}

const mapSearch = (query: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

/**
 * The ingest stores a location as JSON `{ latitude, longitude, name, address }`; older messages
 * hold a map link or a place name.
 */
export function locationOf(body: string): LocationCard {
  try {
    const parsed = JSON.parse(body) as {
      latitude?: unknown;
      longitude?: unknown;
      name?: unknown;
      address?: unknown;
    };
    if (typeof parsed?.latitude === 'number' && typeof parsed.longitude === 'number') {
      return {
        name: typeof parsed.name === 'string' && parsed.name ? parsed.name : null,
        address: typeof parsed.address === 'string' && parsed.address ? parsed.address : null,
        mapUrl: mapSearch(`${parsed.latitude},${parsed.longitude}`),
      };
    }
  } catch {
    // Not JSON: a link or a place name.
  }
  const text = body.trim();
  if (/^https:\/\//i.test(text)) return { name: null, address: null, mapUrl: text };
  return { name: text || null, address: null, mapUrl: mapSearch(text) };
}

export interface VcardContact {
  name: string;
  /** Digits only, with country and area code; null when the card has no usable number. */
  number: string | null;
}

/** Unfolds continuation lines (RFC 6350 §3.2) and unescapes `\,` `\;` `\n`. */
function vcardLines(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const unescape = (value: string) =>
  value
    .replace(/\\n/gi, ' ')
    .replace(/\\([,;\\])/g, '$1')
    .trim();

/** The contacts of one or more vCards (WhatsApp puts the number in `waid`, else the TEL value). */
export function vcardContacts(body: string): VcardContact[] {
  const cards = body.split(/(?=BEGIN:VCARD)/i).filter((card) => /BEGIN:VCARD/i.test(card));
  return cards.map((card) => {
    let name = '';
    let number: string | null = null;
    for (const line of vcardLines(card)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const [property = '', ...params] = line.slice(0, colon).split(';');
      const value = line.slice(colon + 1);
      const key = property.replace(/^item\d+\./i, '').toUpperCase();
      if (key === 'FN' && !name) name = unescape(value);
      if (key === 'N' && !name) name = unescape(value.split(';').reverse().join(' '));
      if (key === 'TEL' && number === null) {
        const waid = params.map((param) => /^waid=(\d+)$/i.exec(param)?.[1]).find(Boolean);
        const digits = waid ?? value.replace(/\D/g, '');
        number = digits.length >= 8 ? digits : null;
      }
    }
    return { name: name || number || '', number };
  });
}

/** 1 536 → "1,5 KB"; bytes under 1 KB as "512 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/** 83.4 s → "1:23"; unknown (NaN, Infinity while a stream is read) → null. */
export function formatDuration(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** "application/pdf" → "PDF"; the file name's extension first, which reads better ("DOCX"). */
export function fileKind(fileName: string | null | undefined, mimetype: string | null | undefined): string {
  const extension = fileName?.includes('.') ? fileName.split('.').pop() : undefined;
  if (extension && extension.length <= 5) return extension.toUpperCase();
  const subtype = mimetype?.split(';')[0]?.split('/')[1];
  if (!subtype || subtype === 'octet-stream') return '';
  return (subtype.split(/[.+-]/).pop() ?? subtype).toUpperCase();
}
