import { validationMessages } from '@atende/shared/validation-messages';
import { describe, expect, it } from 'vitest';
import { errorTextsPtBr, extraErrorTextsPtBr } from './errors.pt-BR.ts';
import { extraErrorTexts, messagesEs, type MessageKey } from './messages.es.ts';
import { messagesPtBr } from './messages.pt-BR.ts';
import { validationMessagesPtBr } from './validation.pt-BR.ts';

/** The `{name}` placeholders of a text, sorted, each once. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[0]))].sort();
}

/** The keys whose pt-BR text is empty or does not carry exactly the Spanish text's placeholders. */
function mismatches(es: Readonly<Record<string, string>>, pt: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(es)
    .filter(([key, spanish]) => {
      const text = pt[key];
      if (typeof text !== 'string' || text.trim() === '') return true;
      return placeholders(text).join(',') !== placeholders(spanish).join(',');
    })
    .map(([key]) => key);
}

describe('the pt-BR catalogue', () => {
  it('has a non-empty text with the Spanish placeholders for every UI and error key', () => {
    const keys = Object.keys(messagesEs) as MessageKey[];
    expect(keys.length).toBeGreaterThan(1000);
    expect(mismatches(messagesEs, messagesPtBr)).toEqual([]);
    expect(Object.keys(messagesPtBr).sort()).toEqual(keys.sort());
  });

  it('has a text for every error code, extra error code and validation message', () => {
    expect(Object.keys(errorTextsPtBr).length).toBeGreaterThan(50);
    expect(mismatches(extraErrorTexts, extraErrorTextsPtBr)).toEqual([]);
    expect(mismatches(validationMessages, validationMessagesPtBr)).toEqual([]);
    expect(Object.keys(validationMessagesPtBr).sort()).toEqual(Object.keys(validationMessages).sort());
  });

  it('is Portuguese, not a copy of the Spanish', () => {
    expect(messagesPtBr['common.save']).toBe('Salvar');
    expect(messagesPtBr['errors.ERR_INTERNAL']).toBe('Erro interno do servidor.');
    expect(messagesPtBr['tickets.unreadOne']).toBe('1 mensagem não lida');
    expect(validationMessagesPtBr.required).toBe('Obrigatório');
  });

  it('finds a missing placeholder or an empty text (the check can fail)', () => {
    const es = { a: 'Hola {name}', b: 'Texto', c: '{count} de {total}' };
    expect(mismatches(es, { a: 'Olá', b: ' ', c: '{total} de {count}' })).toEqual(['a', 'b']);
    expect(mismatches(es, { a: 'Olá {nome}', b: 'Texto', c: '{count} de {total}' })).toEqual(['a']);
  });
});
