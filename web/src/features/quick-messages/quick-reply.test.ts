import { describe, expect, it } from 'vitest';
import { quickReplyLabelMaxChars } from '@atende/shared/constants';
import type { QuickMessage } from './api/types.ts';
import { cutLabelText, matchQuickReplies, quickReplyLabel, quickReplyQuery } from './quick-reply.ts';

const record = (
  id: number,
  shortcode: string,
  message: string,
  extra: Partial<QuickMessage> = {},
): QuickMessage => ({
  id,
  shortcode,
  message,
  geral: false,
  status: true,
  isMedia: false,
  ...extra,
});

const records = [
  record(1, 'saludo', 'Hola, ¿en qué podemos ayudarle hoy?'),
  record(
    2,
    'precios',
    'Nuestra lista de precios está disponible en el sitio web de la empresa, sección tienda',
  ),
  record(3, 'despedida', 'Gracias por escribirnos'),
  record(4, 'salida', 'Salimos a las 18:00', { status: false }),
  record(5, 'Pedido', 'Su pedido está en camino'),
];

describe('quick replies in the message input (core §2)', () => {
  it('triggers on "/" followed by more than one character, while the shortcode is being typed', () => {
    expect(quickReplyQuery('/')).toBeUndefined();
    expect(quickReplyQuery('/s')).toBeUndefined();
    expect(quickReplyQuery('/sa')).toBe('sa');
    expect(quickReplyQuery('/saludo')).toBe('saludo');
    expect(quickReplyQuery('hola /sa')).toBeUndefined();
    expect(quickReplyQuery('/sa hola')).toBeUndefined();
    expect(quickReplyQuery('')).toBeUndefined();
  });

  it('offers the active quick messages whose shortcode matches, the ones starting with it first', () => {
    expect(matchQuickReplies('/s', records)).toEqual([]);
    expect(matchQuickReplies('/sa', records).map((option) => option.shortcode)).toEqual(['saludo']);
    expect(matchQuickReplies('/ed', records).map((option) => option.shortcode)).toEqual([
      'despedida',
      'Pedido',
    ]);
    expect(matchQuickReplies('/PED', records).map((option) => option.shortcode)).toEqual([
      'Pedido',
      'despedida',
    ]);
    expect(matchQuickReplies('/xyz', records)).toEqual([]);
  });

  it('fills the input with the whole message', () => {
    const [option] = matchQuickReplies('/prec', records);
    expect(option?.message).toBe(records[1]?.message);
    expect(option?.id).toBe(2);
  });

  it('cuts the labels at 35 characters', () => {
    expect(quickReplyLabelMaxChars).toBe(35);
    const long = records[1]?.message ?? '';
    expect(cutLabelText(long)).toBe(`${long.slice(0, 35)}...`);
    expect([...cutLabelText(long).replace(/\.\.\.$/, '')]).toHaveLength(35);
    expect(cutLabelText('x'.repeat(35))).toBe('x'.repeat(35));
    expect(quickReplyLabel({ shortcode: 'precios', message: long })).toBe(
      `/precios - ${long.slice(0, 35)}...`,
    );
    expect(quickReplyLabel({ shortcode: 'saludo', message: 'Hola' })).toBe('/saludo - Hola');
    expect(quickReplyLabel({ shortcode: 'vacio', message: '' })).toBe('/vacio');
    expect(cutLabelText('línea uno\nlínea   dos')).toBe('línea uno línea dos');
  });
});
