import { describe, expect, it } from 'vitest';
import { contentDisposition, decideMediaType, familyOf, isInlineType, servedType } from './media-type.ts';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
/** An Ogg page whose first packet is an OpusHead: a WhatsApp voice note's first bytes. */
const oggOpus = Buffer.concat([
  Buffer.from('OggS', 'latin1'),
  Buffer.from([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 19]),
  Buffer.from('OpusHead', 'latin1'),
  Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]),
]);

describe('media type from bytes', () => {
  it('takes the type from the magic number, not the claim', async () => {
    expect(await decideMediaType(png, 'text/html')).toEqual({
      mimetype: 'image/png',
      family: 'image',
      allowed: true,
    });
    expect(await decideMediaType(oggOpus, 'application/octet-stream')).toEqual({
      mimetype: 'audio/ogg',
      family: 'audio',
      allowed: true,
    });
    expect(await decideMediaType(Buffer.from('%PDF-1.4\n%…'), 'image/png')).toMatchObject({
      mimetype: 'application/pdf',
      family: 'application',
    });
  });

  it('never lets markup pass as an image: HTML and SVG become opaque bytes', async () => {
    const html = await decideMediaType(Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg');
    expect(html).toEqual({ mimetype: 'application/octet-stream', family: 'application', allowed: false });
    const svg = await decideMediaType(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'image/svg+xml',
    );
    expect(svg.allowed).toBe(false);
    expect(svg.mimetype).toBe('application/octet-stream');
    // A type file-type knows but the allow-list does not (an executable) is opaque too.
    const exe = await decideMediaType(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'image/png');
    expect(exe).toMatchObject({ mimetype: 'application/octet-stream', allowed: false });
  });

  it('takes plain text and CSV on their claim, unless they hold binary', async () => {
    expect(await decideMediaType(Buffer.from('nombre;teléfono\n'), 'text/csv')).toEqual({
      mimetype: 'text/csv',
      family: 'application',
      allowed: true,
    });
    expect((await decideMediaType(Buffer.from([0x41, 0, 0x42]), 'text/plain')).allowed).toBe(false);
    expect((await decideMediaType(Buffer.from('<b>x</b>'), 'text/html')).allowed).toBe(false);
  });
});

describe('serving', () => {
  it('renders inline only allow-listed images, audio and video', () => {
    for (const type of [
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'audio/ogg; codecs=opus',
      'audio/mpeg',
      'video/mp4',
      'video/webm',
    ])
      expect(isInlineType(type), type).toBe(true);
    for (const type of [
      'image/svg+xml',
      'text/html',
      'text/plain',
      'application/pdf',
      'application/xhtml+xml',
      'image/bmp',
    ])
      expect(isInlineType(type), type).toBe(false);
    expect(familyOf('image/svg+xml')).toBe('application');
  });

  it('serves unknown types as opaque bytes and text with a charset', () => {
    expect(servedType('image/svg+xml')).toBe('application/octet-stream');
    expect(servedType('text/html')).toBe('application/octet-stream');
    expect(servedType('text/plain')).toBe('text/plain; charset=utf-8');
    expect(servedType('application/pdf')).toBe('application/pdf');
    expect(servedType('audio/ogg; codecs=opus')).toBe('audio/ogg');
  });

  it('names the file in both forms and sends documents as attachments', () => {
    expect(contentDisposition('application/pdf', 'presupuesto "final".pdf')).toBe(
      `attachment; filename="presupuesto _final_.pdf"; filename*=UTF-8''presupuesto%20%22final%22.pdf`,
    );
    expect(contentDisposition('image/png', 'foto ñ.png')).toBe(
      `inline; filename="foto _.png"; filename*=UTF-8''foto%20%C3%B1.png`,
    );
    expect(contentDisposition('image/png', 'foto.png', true)).toMatch(/^attachment;/);
    expect(contentDisposition('image/svg+xml')).toBe('attachment');
  });
});
