import { describe, expect, it, vi } from 'vitest';
import { contactsCsvExport } from '@atende/shared/constants';
import { filenameOf } from './api-client.ts';
import { downloadName, saveBlob, saveUrl } from './download.ts';

describe('CSV download naming (extended §9: contatos.csv)', () => {
  it('reads the name from Content-Disposition', () => {
    expect(filenameOf('attachment; filename="contatos.csv"')).toBe('contatos.csv');
    expect(filenameOf('attachment; filename=contatos.csv')).toBe('contatos.csv');
    expect(filenameOf('attachment; filename="x.csv"; filename*=UTF-8\'\'contatos%20n%C2%BA1.csv')).toBe(
      'contatos nº1.csv',
    );
    expect(filenameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });

  it('falls back to contatos.csv when the server names nothing usable', () => {
    expect(contactsCsvExport.filename).toBe('contatos.csv');
    expect(downloadName(undefined, contactsCsvExport.filename)).toBe('contatos.csv');
    expect(downloadName('  ', contactsCsvExport.filename)).toBe('contatos.csv');
    expect(downloadName('..', contactsCsvExport.filename)).toBe('contatos.csv');
    expect(downloadName('contatos.csv', 'other.csv')).toBe('contatos.csv');
  });

  it('saves the blob through a temporary link carrying the name', () => {
    const clicked: { href: string; download: string }[] = [];
    const link = {
      href: '',
      download: '',
      rel: '',
      style: { display: '' },
      click() {
        clicked.push({ href: this.href, download: this.download });
      },
      remove: vi.fn(),
    };
    const doc = { createElement: () => link, body: { appendChild: vi.fn() } } as unknown as Document;
    vi.useFakeTimers();
    try {
      saveBlob(new Blob(['name;number;email\n'], { type: 'text/csv' }), 'contatos.csv', doc);
      expect(clicked).toHaveLength(1);
      expect(clicked[0]?.download).toBe('contatos.csv');
      expect(clicked[0]?.href).toMatch(/^blob:/);
      expect(link.remove).toHaveBeenCalled();
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a signed URL as it is, under the name', () => {
    const link = { href: '', download: '', rel: '', style: { display: '' }, click: vi.fn(), remove: vi.fn() };
    const appendChild = vi.fn();
    const doc = { createElement: () => link, body: { appendChild } } as unknown as Document;
    saveUrl('https://bucket.example/medium?X-Amz-Signature=abc', 'foto.png', doc);
    expect(link).toMatchObject({
      href: 'https://bucket.example/medium?X-Amz-Signature=abc',
      download: 'foto.png',
      rel: 'noopener',
      style: { display: 'none' },
    });
    expect(appendChild).toHaveBeenCalledWith(link);
    expect(link.click).toHaveBeenCalledOnce();
    expect(link.remove).toHaveBeenCalledOnce();
  });
});
