import { describe, expect, it } from 'vitest';
import { maxTokensPerMessage, messageTokens } from '../src/domain/message-tokens.ts';

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
