import { describe, expect, it } from 'vitest';
import { whatsappPlainText, whatsappSegments } from './whatsapp-format.ts';

describe('WhatsApp text styles', () => {
  it('reads bold, italic and strike runs', () => {
    expect(whatsappSegments('*Panadería Sol:* hola _hoy_ ~ayer~')).toEqual([
      { text: 'Panadería Sol:', marks: ['bold'] },
      { text: ' hola ', marks: [] },
      { text: 'hoy', marks: ['italic'] },
      { text: ' ', marks: [] },
      { text: 'ayer', marks: ['strike'] },
    ]);
  });

  it('reads a signed message: the bold name, then the text on its own line', () => {
    expect(whatsappSegments('*Ana Agente*:\nBuenos días')).toEqual([
      { text: 'Ana Agente', marks: ['bold'] },
      { text: ':\nBuenos días', marks: [] },
    ]);
  });

  it('nests styles', () => {
    expect(whatsappSegments('*_muy_ bien*')).toEqual([
      { text: 'muy', marks: ['bold', 'italic'] },
      { text: ' bien', marks: ['bold'] },
    ]);
  });

  it('leaves markers inside words, around spaces or across lines as they are', () => {
    expect(whatsappPlainText('snake_case_name')).toBe('snake_case_name');
    expect(whatsappSegments('2*3*4')).toEqual([{ text: '2*3*4', marks: [] }]);
    expect(whatsappSegments('* no *')).toEqual([{ text: '* no *', marks: [] }]);
    expect(whatsappSegments('*uno\ndos*')).toEqual([{ text: '*uno\ndos*', marks: [] }]);
    expect(whatsappSegments('')).toEqual([]);
  });

  it('drops the markers for a plain preview', () => {
    expect(whatsappPlainText('*Ana Agente*:\n~precio~ _nuevo_')).toBe('Ana Agente:\nprecio nuevo');
  });
});
