import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Workbooks built part by part for the upload-limit tests: a sheet of hundreds of thousands of
 * rows, or a part that inflates to hundreds of megabytes, made in memory from a few hundred
 * kilobytes of deflated bytes (nothing large is kept in git or built as one string).
 */

export interface FixturePart {
  name: string;
  /** The part's text, piece by piece (deflated as it comes). */
  pieces: Iterable<string>;
  /** The uncompressed size the zip declares, when it should lie about it. */
  declaredSize?: number;
}

interface DeflatedPart {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
  declaredSize: number;
}

async function deflatePart(part: FixturePart): Promise<DeflatedPart> {
  const deflate = createDeflateRaw({ level: 6 });
  const output: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => output.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const piece of part.pieces) {
    const bytes = Buffer.from(piece);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return {
    name: Buffer.from(part.name),
    data: Buffer.concat(output),
    crc,
    size,
    declaredSize: part.declaredSize ?? size,
  };
}

/**
 * A zip of the parts, deflated. Sizes are in the local headers, or with `dataDescriptors` after
 * each part's data (as streaming writers do: the local header says 0).
 */
export async function zipOf(parts: FixturePart[], { dataDescriptors = false } = {}): Promise<Buffer> {
  const deflated = await Promise.all(parts.map(deflatePart));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of deflated) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(dataDescriptors ? 0x0008 : 0, 6);
    local.writeUInt16LE(8, 8);
    if (!dataDescriptors) {
      local.writeUInt32LE(part.crc >>> 0, 14);
      local.writeUInt32LE(part.data.length, 18);
      local.writeUInt32LE(part.declaredSize, 22);
    }
    local.writeUInt16LE(part.name.length, 26);
    const descriptor = Buffer.alloc(dataDescriptors ? 16 : 0);
    if (dataDescriptors) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(part.crc >>> 0, 4);
      descriptor.writeUInt32LE(part.data.length, 8);
      descriptor.writeUInt32LE(part.declaredSize, 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(dataDescriptors ? 0x0008 : 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.declaredSize, 24);
    central.writeUInt16LE(part.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, part.name, part.data, descriptor);
    centrals.push(central, part.name);
    offset += 30 + part.name.length + part.data.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(deflated.length, 8);
  end.writeUInt16LE(deflated.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook of one sheet has, around its sheet. */
function workbookParts(sheet: FixturePart): FixturePart[] {
  return [
    {
      name: '[Content_Types].xml',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${officeRels}">` +
          '<sheets><sheet name="Contactos" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${officeRels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
    sheet,
  ];
}

/** Rows of a sheet as XML: a header (name, number), then `count` contacts with distinct numbers. */
function* contactRowsXml(count: number, afterRows: string): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>`;
  yield '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>number</t></is></c></row>';
  let batch = '';
  for (let index = 1; index <= count; index += 1) {
    const line = index + 1;
    batch += `<row r="${line}"><c r="A${line}" t="inlineStr"><is><t>Cliente ${index}</t></is></c><c r="B${line}"><v>${5511900000000 + index}</v></c></row>`;
    if (index % 1_000 === 0) {
      yield batch;
      batch = '';
    }
  }
  yield batch + afterRows + '</sheetData></worksheet>';
}

/**
 * A workbook whose sheet has a header and `count` valid contacts; `afterRows` is XML put after the
 * last row (for instance a broken tag, which only a reader that went past the cap meets).
 */
export function contactsWorkbook(count: number, afterRows = ''): Promise<Buffer> {
  return zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', pieces: contactRowsXml(count, afterRows) }));
}

/** A workbook whose sheet holds `megabytes` of blank space after one row; the zip may lie about it. */
export function paddedWorkbook(megabytes: number, declaredSize?: number): Promise<Buffer> {
  function* pieces(): Generator<string> {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>`;
    yield '<row r="1"><c r="A1" t="inlineStr"><is><t>Ana</t></is></c><c r="B1"><v>5511911110001</v></c></row>';
    const blank = ' '.repeat(1024 * 1024);
    for (let index = 0; index < megabytes; index += 1) yield blank;
    yield '</sheetData></worksheet>';
  }
  return zipOf(
    workbookParts({
      name: 'xl/worksheets/sheet1.xml',
      pieces: pieces(),
      ...(declaredSize !== undefined ? { declaredSize } : {}),
    }),
  );
}

/**
 * A workbook laid out as Excel writes it (the sheets before the shared strings), streamed with
 * data descriptors, whose first sheet in tab order ("Lista", sheet2.xml) is not its first part.
 */
export function excelOrderedWorkbook(): Promise<Buffer> {
  const xml = '<?xml version="1.0" encoding="UTF-8"?>';
  const rels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const cell = (ref: string, shared: number) => `<c r="${ref}" t="s"><v>${shared}</v></c>`;
  const parts: FixturePart[] = [
    {
      name: '_rels/.rels',
      pieces: [
        `${xml}<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      pieces: [
        `${xml}<workbook xmlns="${main}" xmlns:r="${officeRels}"><sheets>` +
          '<sheet name="Lista" sheetId="2" r:id="rId2"/><sheet name="Otra" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: [
        `${xml}<Relationships xmlns="${rels}">` +
          `<Relationship Id="rId1" Type="${officeRels}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${officeRels}/worksheet" Target="worksheets/sheet2.xml"/>` +
          `<Relationship Id="rId3" Type="${officeRels}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: [
        `${xml}<worksheet xmlns="${main}"><sheetData><row r="1">${cell('A1', 3)}<c r="B1"><v>5511999999999</v></c></row></sheetData></worksheet>`,
      ],
    },
    {
      name: 'xl/worksheets/sheet2.xml',
      pieces: [
        `${xml}<worksheet xmlns="${main}"><sheetData>` +
          `<row r="1">${cell('A1', 0)}${cell('B1', 1)}</row>` +
          `<row r="3">${cell('A3', 2)}<c r="B3"><v>5511911110001</v></c></row>` +
          '</sheetData></worksheet>',
      ],
    },
    {
      name: 'xl/sharedStrings.xml',
      pieces: [
        `${xml}<sst xmlns="${main}" count="4" uniqueCount="4">` +
          '<si><t>Nombre</t></si><si><t>Número</t></si><si><r><t>An</t></r><r><t>a</t></r></si><si><t>Nadie</t></si></sst>',
      ],
    },
  ];
  return zipOf(parts, { dataDescriptors: true });
}
