import { describe, expect, it } from 'vitest';
import { botMediaFileName } from '../src/domain/bot-media.ts';

describe('botMediaFileName', () => {
  it("takes the URL path's last segment, decoded", () => {
    expect(
      botMediaFileName('https://s3.typebot.io/public/workspaces/w/logo.png?v=2', 'image', 'image/png'),
    ).toBe('logo.png');
    expect(
      botMediaFileName('https://cdn.example.com/a/Cat%C3%A1logo%202026.jpg', 'image', 'image/jpeg'),
    ).toBe('Catálogo 2026.jpg');
  });

  it("adds the type's extension when the name has none, and names a nameless file by its kind", () => {
    expect(botMediaFileName('https://cdn.example.com/files/abc123', 'video', 'video/mp4')).toBe('abc123.mp4');
    expect(botMediaFileName('https://cdn.example.com/', 'audio', 'audio/mpeg')).toBe('audio.mp3');
    expect(botMediaFileName('https://cdn.example.com/.hidden', 'image', 'image/webp')).toBe('image.webp');
  });

  it('drops control characters and separators a decoded path could smuggle in', () => {
    expect(botMediaFileName('https://cdn.example.com/a%2F..%5Cb%0Aname.png', 'image', 'image/png')).toBe(
      'a..bname.png',
    );
    expect(botMediaFileName('https://cdn.example.com/%E0%A4%A.png', 'image', 'image/png')).toBe('image.png');
  });
});
