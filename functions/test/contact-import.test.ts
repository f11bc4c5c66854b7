import { describe, expect, it } from 'vitest';
import { decodeCsv, firstOfEachNumber, parseContactCsv } from '../src/domain/contact-import.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading a contacts CSV', () => {
  it("reads the export's own format", () => {
    const { rows, invalid } = parseContactCsv(
      bytes('name;number;email\nJosé Núñez;5511999990001;jose@example.com\nAna;5511999990002;\n'),
    );
    expect(invalid).toEqual([]);
    expect(rows).toEqual([
      { line: 2, name: 'José Núñez', number: '5511999990001', email: 'jose@example.com' },
      { line: 3, name: 'Ana', number: '5511999990002', email: '' },
    ]);
  });

  it('takes commas, Portuguese or Spanish headers in any order, quotes and a BOM', () => {
    const pt = parseContactCsv(
      bytes('\uFEFFEmail,Nome,Número\nana@example.com,"Silva, Ana",+55 (11) 99999-0003\n'),
    );
    expect(pt.rows).toEqual([
      { line: 2, name: 'Silva, Ana', number: '5511999990003', email: 'ana@example.com' },
    ]);
    const es = parseContactCsv(bytes('nombre;teléfono;correo\r\nLuis;55 11 99999 0004;\r\n'));
    expect(es.rows).toEqual([{ line: 2, name: 'Luis', number: '5511999990004', email: '' }]);
  });

  it('reads a file without a header as name, number, email', () => {
    const { rows } = parseContactCsv(bytes('Carla;5511999990005\nDiego;5511999990006;diego@example.com\n'));
    expect(rows.map((r) => [r.line, r.name, r.number, r.email])).toEqual([
      [1, 'Carla', '5511999990005', ''],
      [2, 'Diego', '5511999990006', 'diego@example.com'],
    ]);
  });

  it('reports invalid rows with their line and the form texts, and names unnamed ones by their number', () => {
    const { rows, invalid } = parseContactCsv(
      bytes(
        'name;number;email\n;5511999990007;\nA;5511999990008;\nCorto;1234567;\nSin número;;\nMal correo;5511999990009;x@\n\nBien;5511999990010;\n',
      ),
    );
    expect(rows.map((r) => [r.line, r.name])).toEqual([
      [2, '5511999990007'],
      [8, 'Bien'],
    ]);
    expect(invalid).toEqual([
      { line: 3, reason: 'Nombre: muy corto' },
      { line: 4, reason: 'Número: muy corto' },
      { line: 5, reason: 'Número: Requerido' },
      { line: 6, reason: 'Correo electrónico: Email no valido' },
    ]);
  });

  it('refuses files with more than 10,000 rows, or that are not CSV', () => {
    const many = [
      'name;number',
      ...Array.from({ length: 10_001 }, (_, i) => `N${i};55119${String(i).padStart(8, '0')}`),
    ].join('\n');
    expect(() => parseContactCsv(bytes(many))).toThrow('ERR_VALIDATION');
    expect(() => parseContactCsv(bytes('name;number\n"Ana;5511999990001\n'))).toThrow('ERR_VALIDATION');
  });

  it('decodes Windows-1252 files as Excel writes them', () => {
    expect(decodeCsv(new Uint8Array([0x4a, 0x6f, 0x73, 0xe9]))).toBe('José');
    expect(decodeCsv(bytes('José'))).toBe('José');
  });

  it('keeps the first row of a number repeated in the file', () => {
    const { rows } = parseContactCsv(
      bytes('name;number\nUno;5511999990011\nDos;+55 11 99999-0011\nTres;5511999990012\n'),
    );
    const { unique, repeated } = firstOfEachNumber(rows);
    expect(unique.map((r) => r.name)).toEqual(['Uno', 'Tres']);
    expect(repeated).toBe(1);
  });
});
