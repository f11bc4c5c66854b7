import { describe, expect, it } from 'vitest';
import { maxTokensPerMessage, messageTokens, snippetAround, snippetMaxLength } from '../src/domain/message-tokens.ts';

describe('message search tokens', () => {
  it('folds, de-duplicates and orders the words of a message', () => {
    expect(messageTokens('Necesito la FACTURA de marzo, la factura!')).toEqual(['necesito', 'factura', 'marzo', 'la', 'de']);
  });

  it('indexes at most a bounded number of words', () => {
    const long = Array.from({ length: 100 }, (_, i) => `palabra${i}`).join(' ');
    expect(messageTokens(long)).toHaveLength(maxTokensPerMessage);
    expect(messageTokens('')).toEqual([]);
  });
});

describe('snippetAround', () => {
  it('keeps a short message whole, whitespace collapsed', () => {
    expect(snippetAround('  La factura\n de  marzo ', 'factura')).toBe('La factura de marzo');
  });

  it('cuts a long message around the first word that folds to the token, at spaces', () => {
    const before = 'palabra '.repeat(30);
    const after = ' siguiente'.repeat(30);
    const body = `${before}la Facturación pendiente${after}`;
    const snippet = snippetAround(body, 'facturacion');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('la Facturación pendiente');
    expect(snippet.length).toBeLessThanOrEqual(snippetMaxLength + 2);
    // Cut at spaces: no word split in two.
    expect(snippet.slice(1, -1).split(' ').every((word) => ['palabra', 'la', 'Facturación', 'pendiente', 'siguiente'].includes(word))).toBe(true);
  });

  it('shows the end of a long message whose word is near its end, and its start when the token is not found', () => {
    const body = `${'inicio '.repeat(40)}final pedido`;
    const tail = snippetAround(body, 'pedido');
    expect(tail.endsWith('final pedido')).toBe(true);
    expect(tail.startsWith('…')).toBe(true);
    const head = snippetAround(body, 'ausente');
    expect(head.startsWith('inicio')).toBe(true);
    expect(head.endsWith('…')).toBe(true);
  });
});
