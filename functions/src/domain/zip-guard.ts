import { crc32, createInflateRaw } from 'node:zlib';

/**
 * Checks an uploaded zip (an .xlsx) before anything inflates it (docs/security.md, "Uploaded
 * workbooks"): the central directory's declared sizes against a total and a per-entry ratio, each
 * wanted entry's local header against its directory record, and then the bytes each entry really
 * inflates to, counted while inflating and stopped as soon as they pass what was declared. A few
 * megabytes of zip cannot become gigabytes of XML in memory or time.
 */

export interface ZipLimits {
  /** Sum of the declared uncompressed sizes of every entry. */
  maxUnzippedBytes: number;
  /** Declared uncompressed / compressed size of one entry, for entries past `ratioFloorBytes`. */
  maxRatio: number;
  /** Entries smaller than this are not judged by ratio (a tiny part's ratio means nothing). */
  ratioFloorBytes: number;
  maxEntries: number;
}

export type ZipRefusal = 'invalid' | 'too-large' | 'bomb';

export class ZipRefused extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(`zip refused: ${reason}`);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
  /** Where the compressed data starts (after the local header). */
  dataStart: number;
  /** Where the entry ends in the file: after its data and its data descriptor, if it has one. */
  end: number;
}

const eocdSignature = 0x06054b50;
const centralSignature = 0x02014b50;
const localSignature = 0x04034b50;
const descriptorSignature = 0x08074b50;
const encryptedFlag = 0x0001;
const descriptorFlag = 0x0008;
/** Zip64 markers: no 10 MB upload needs them, so they are refused rather than parsed. */
const zip64Marker = 0xffffffff;

function refuse(reason: ZipRefusal): never {
  throw new ZipRefused(reason);
}

function endOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const last = bytes.length - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at -= 1) {
    if (bytes.readUInt32LE(at) === eocdSignature) return at;
  }
  return refuse('invalid');
}

/**
 * The entries as the central directory declares them, each checked against its local header.
 * Refuses a zip whose declared total or one entry's ratio is past the limits, before any inflating.
 */
export function zipEntries(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  if (bytes.length < 22) refuse('invalid');
  const eocd = endOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === zip64Marker || directoryOffset === zip64Marker)
    refuse('too-large');
  if (count > limits.maxEntries) refuse('too-large');
  if (directoryOffset + directorySize > eocd) refuse('invalid');
  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== centralSignature) refuse('invalid');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if ([compressedSize, uncompressedSize, localOffset].includes(zip64Marker)) refuse('too-large');
    if (flags & encryptedFlag || (method !== 0 && method !== 8)) refuse('invalid');
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxUnzippedBytes) refuse('too-large');
    if (
      uncompressedSize >= limits.ratioFloorBytes &&
      uncompressedSize > limits.maxRatio * Math.max(compressedSize, 1)
    )
      refuse('bomb');
    entries.push(localEntry(bytes, { name, flags, method, compressedSize, uncompressedSize, localOffset }));
  }
  return entries;
}

/** The entry as its local header places it; the header must say what the directory says. */
function localEntry(bytes: Buffer, declared: Omit<ZipEntry, 'dataStart' | 'end'>): ZipEntry {
  const at = declared.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== localSignature) refuse('invalid');
  const flags = bytes.readUInt16LE(at + 6);
  const method = bytes.readUInt16LE(at + 8);
  const compressedSize = bytes.readUInt32LE(at + 18);
  const nameLength = bytes.readUInt16LE(at + 26);
  const extraLength = bytes.readUInt16LE(at + 28);
  const name = bytes.toString('utf8', at + 30, at + 30 + nameLength);
  const withDescriptor = (flags & descriptorFlag) !== 0;
  // A reader going through the local headers (exceljs's) must see the entry the directory declared.
  if (name !== declared.name || method !== declared.method) refuse('invalid');
  if (!withDescriptor && compressedSize !== declared.compressedSize) refuse('invalid');
  // A stored entry of unknown length can only be read by searching for its descriptor: refused.
  if (withDescriptor && method === 0) refuse('invalid');
  const dataStart = at + 30 + nameLength + extraLength;
  let end = dataStart + declared.compressedSize;
  if (withDescriptor)
    end += end + 4 <= bytes.length && bytes.readUInt32LE(end) === descriptorSignature ? 16 : 12;
  if (end > bytes.length) refuse('invalid');
  return { ...declared, dataStart, end };
}

/**
 * Inflates the entry only to count its bytes (nothing is kept), and stops as soon as the count
 * passes the declared size: a directory that understates an entry is caught after one chunk more.
 */
export function checkInflatedSize(bytes: Buffer, entry: ZipEntry): Promise<void> {
  const compressed = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    return entry.compressedSize === entry.uncompressedSize
      ? Promise.resolve()
      : Promise.reject(new ZipRefused('invalid'));
  }
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let inflated = 0;
    inflate.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) {
        inflate.destroy();
        reject(new ZipRefused('bomb'));
      }
    });
    inflate.on('error', () => reject(new ZipRefused('invalid')));
    inflate.on('end', () =>
      inflated === entry.uncompressedSize ? resolve() : reject(new ZipRefused('invalid')),
    );
    inflate.end(compressed);
  });
}

/** An empty end-of-central-directory record: a reader going through local headers stops there. */
const endRecord = (() => {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(eocdSignature, 0);
  return record;
})();

/** A part of our own, stored (not deflated), as a sequential reader meets it: local header and text. */
export function storedZipPart(name: string, text: string): Buffer {
  const nameBytes = Buffer.from(name);
  const data = Buffer.from(text);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(localSignature, 0);
  header.writeUInt16LE(10, 4);
  header.writeUInt32LE(crc32(data) >>> 0, 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, data]);
}

/**
 * A zip stream of only the given parts, in the given order: the file's entries as their original
 * bytes (local header, data, descriptor), or parts of our own. A sequential reader then reads the
 * parts it needs first (exceljs keeps a sheet in a temporary file when the shared strings come
 * after it) and nothing else.
 */
export function zipOfEntries(bytes: Buffer, parts: (ZipEntry | Buffer)[]): Buffer[] {
  return [
    ...parts.map((part) => (Buffer.isBuffer(part) ? part : bytes.subarray(part.localOffset, part.end))),
    endRecord,
  ];
}
