// Unpacks a ZIP (a DOCX) ourselves, within limits, before any library sees it: the central
// directory must be small and plain, and every entry must really unpack to no more than its
// declared size. A 62 KB DOCX once unpacked to gigabytes inside mammoth; this refuses it in a few
// milliseconds instead. Other readers parse an archive their own way (JSZip reads directory entries
// past the count the end record declares), so what they get is not the upload but an archive
// rebuilt from exactly the entries checked here (rebuildZip).
import { inflateRawSync } from 'node:zlib';
import { ExtractionError } from './errors.js';

export interface ZipLimits {
  /** Entries in the central directory; a DOCX has a few dozen. */
  maxEntries: number;
  /** Declared and real unpacked size of all entries together (and so of any one entry). */
  maxUnpackedBytes: number;
}

/** A DOCX full of images stays far below these; a zip bomb does not. */
export const DOCX_LIMITS: ZipLimits = { maxEntries: 1000, maxUnpackedBytes: 50 * 1024 * 1024 };

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x0001;

/**
 * The entries of a ZIP, unpacked, by name. Refuses, with an ExtractionError a user can read, a ZIP
 * that is ZIP64, split, encrypted, has too many entries or two of one name, a directory that is not
 * exactly what its end record says, declares too much, or unpacks to more than it declares
 * (declared sizes can lie: each entry is inflated with its declared size as the output cap).
 */
export function unpackZipWithinLimits(bytes: Buffer, what: string, limits: ZipLimits = DOCX_LIMITS): Map<string, Buffer> {
  const entries = readCentralDirectory(bytes, what, limits);
  const limit = formatMiB(limits.maxUnpackedBytes);
  let declaredTotal = 0;
  for (const entry of entries) {
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxUnpackedBytes) throw new ExtractionError(`The ${what} file is larger than ${limit} when unpacked`);
  }
  const unpacked = new Map<string, Buffer>();
  for (const entry of entries) {
    if (unpacked.has(entry.name)) throw new ExtractionError(`The ${what} file could not be read: it has two parts named "${entry.name}"`);
    unpacked.set(entry.name, unpackEntry(bytes, entry, what));
  }
  return unpacked;
}

/** Throws as unpackZipWithinLimits does; for callers that only need the verdict. */
export function assertZipWithinLimits(bytes: Buffer, what: string, limits: ZipLimits = DOCX_LIMITS): void {
  unpackZipWithinLimits(bytes, what, limits);
}

/** A plain archive (stored, not compressed) of exactly these entries, for a library to read. */
export async function rebuildZip(entries: Map<string, Buffer>): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [name, data] of entries) if (!name.endsWith('/')) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

function readCentralDirectory(bytes: Buffer, what: string, limits: ZipLimits): ZipEntry[] {
  const notZip = (why: string) => new ExtractionError(`The ${what} file could not be read: ${why}`);
  const end = findEndOfDirectory(bytes);
  if (end < 0) throw notZip('it is not a ZIP archive');
  if (end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) throw notZip('ZIP64 archives are not accepted');
  const thisDisk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const entriesHere = bytes.readUInt16LE(end + 8);
  const entryCount = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw notZip('ZIP64 archives are not accepted');
  }
  if (thisDisk !== 0 || directoryDisk !== 0 || entriesHere !== entryCount) throw notZip('split archives are not accepted');
  if (entryCount > limits.maxEntries) {
    throw new ExtractionError(`The ${what} file has ${entryCount} parts; at most ${limits.maxEntries} are accepted`);
  }
  if (directoryOffset + directorySize > end) throw notZip('its directory is damaged');

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw notZip('its directory is damaged');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, Math.min(at + 46 + nameLength, end)),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
      throw notZip('ZIP64 archives are not accepted');
    }
    if (entry.uncompressedSize > limits.maxUnpackedBytes) {
      throw new ExtractionError(`The ${what} file is larger than ${formatMiB(limits.maxUnpackedBytes)} when unpacked`);
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  // Nothing hidden after the declared entries: the directory ends where the end record says.
  if (at !== directoryOffset + directorySize || bytes.readUInt32LE(at) === DIRECTORY_ENTRY) throw notZip('its directory is damaged');
  return entries;
}

/** The End of Central Directory record: the last 22 bytes, or earlier when a comment follows it. */
function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - END_OF_DIRECTORY_SIZE - MAX_COMMENT);
  for (let at = bytes.length - END_OF_DIRECTORY_SIZE; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/** Inflates one entry with its declared size as the output cap: more means the directory lied. */
function unpackEntry(bytes: Buffer, entry: ZipEntry, what: string): Buffer {
  const damaged = () => new ExtractionError(`The ${what} file could not be read: its part "${entry.name}" is damaged`);
  const lied = () =>
    new ExtractionError(
      `The ${what} file could not be read: its part "${entry.name}" unpacks to more than the ${entry.uncompressedSize} bytes it declares`,
    );
  if (entry.flags & ENCRYPTED_FLAG) throw new ExtractionError(`The ${what} file is encrypted`);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) throw damaged();
  const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) throw damaged();
  const data = bytes.subarray(dataStart, dataEnd);
  if (entry.method === STORED) {
    if (data.length > entry.uncompressedSize) throw lied();
    return Buffer.from(data);
  }
  if (entry.method !== DEFLATED) throw new ExtractionError(`The ${what} file uses a compression method that is not supported`);
  let unpacked: Buffer;
  try {
    unpacked = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw lied();
    throw damaged();
  }
  if (unpacked.length > entry.uncompressedSize) throw lied();
  return unpacked;
}

function formatMiB(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}
