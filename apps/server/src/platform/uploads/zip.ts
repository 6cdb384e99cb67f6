/**
 * A small zip reader and writer on node:zlib alone (security.md "Files"). The reader trusts nothing
 * the archive says: the end record must close the file and stand alone, the central directory is
 * bounds-checked and must hold exactly the entries it counts, every local header must agree with
 * its central entry (name, method, flags, sizes, CRC, data descriptor), the entries must tile the
 * file from its first byte to the central directory with no gap and no overlap, and the entry count,
 * the declared sizes and the names are checked before anything is inflated. Then every entry is
 * really inflated, counted (total and ratio) and CRC-checked, and its deflate stream must end
 * exactly where its compressed size says, so a header that lies about its size or content cannot
 * get through. Output is streamed and dropped as it is counted: memory stays at one chunk whatever
 * the archive unpacks to.
 */
import { constants, crc32, createInflateRaw, deflateRaw, inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';

export type ZipErrorKind = 'corrupt' | 'tooManyEntries' | 'tooLarge' | 'forbidden';

export class ZipError extends Error {
  constructor(
    readonly kind: ZipErrorKind,
    detail: string,
  ) {
    super(`zip ${kind}: ${detail}`);
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  externalAttrs: number;
}

export interface ZipLimits {
  maxEntries: number;
  /** Bytes, over all entries, both as declared and as really inflated. */
  maxTotalUncompressed: number;
  /**
   * The most an entry may inflate to per compressed byte, once it is past RATIO_FLOOR bytes
   * (default DEFAULT_MAX_RATIO). Real sheets deflate 5-50 times; a bomb of repeated bytes about 1,000.
   */
  maxRatio?: number;
}
export const DEFAULT_MAX_RATIO = 200;
/** Entries smaller than this are never refused for their ratio (a small part of blanks deflates very well). */
export const RATIO_FLOOR = 1024 * 1024;
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalUncompressed: 100 * 1024 * 1024, maxRatio: DEFAULT_MAX_RATIO };

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_DATA_DESCRIPTOR = 0x08074b50;
const EXTRA_ZIP64 = 0x0001;
const EOCD_SIZE = 22;
const LOCAL_SIZE = 30;
const CENTRAL_SIZE = 46;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const INFLATE_CHUNK = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeName(raw: Buffer, flags: number): string {
  if (flags & FLAG_UTF8) {
    try {
      return utf8.decode(raw);
    } catch {
      throw new ZipError('corrupt', 'entry name is not UTF-8');
    }
  }
  // CP437 in theory; Office writes ASCII names, and the checks below only look at ASCII bytes.
  return raw.toString('latin1');
}

const SIGNATURES = [SIG_LOCAL, SIG_CENTRAL, SIG_EOCD, SIG_ZIP64_EOCD, SIG_ZIP64_LOCATOR].map((sig) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(sig);
  return b;
});

/**
 * The end record. It must end the file exactly (its comment included): trailing bytes are refused,
 * and so is a second end record that would also end the file (one hidden in the other's comment)
 * or a comment holding any zip signature, so no two readers can find different archives here.
 */
function findEocd(buf: Buffer): number {
  if (buf.length < EOCD_SIZE) throw new ZipError('corrupt', 'too short for a zip');
  const stop = Math.max(0, buf.length - EOCD_SIZE - 0xffff);
  const found: number[] = [];
  let last = -1;
  for (let i = buf.length - EOCD_SIZE; i >= stop; i--) {
    if (buf.readUInt32LE(i) !== SIG_EOCD) continue;
    if (last < 0) last = i;
    if (i + EOCD_SIZE + buf.readUInt16LE(i + 20) === buf.length) found.push(i);
  }
  if (found.length === 0) {
    if (last >= 0) throw new ZipError('corrupt', `${buf.length - last - EOCD_SIZE - buf.readUInt16LE(last + 20)} bytes follow the end of the archive`);
    throw new ZipError('corrupt', 'no end of central directory');
  }
  if (found.length > 1) throw new ZipError('corrupt', 'two end records (one inside the archive comment)');
  const eocd = found[0]!;
  const comment = buf.subarray(eocd + EOCD_SIZE);
  if (SIGNATURES.some((sig) => comment.includes(sig))) throw new ZipError('corrupt', 'the archive comment holds zip records');
  return eocd;
}

/** Whether an extra field block holds a zip64 record. */
function hasZip64Extra(extra: Buffer): boolean {
  for (let p = 0; p + 4 <= extra.length; ) {
    if (extra.readUInt16LE(p) === EXTRA_ZIP64) return true;
    p += 4 + extra.readUInt16LE(p + 2);
  }
  return false;
}

/**
 * The entries as the central directory lists them. `maxEntries` is checked against the count in
 * the end record before a single entry is walked, and the directory must hold exactly that many.
 * Zip64 archives are refused: no document this portal takes needs more than 65,535 entries or 4 GB.
 */
export function readCentralDirectory(buf: Buffer, maxEntries = Number.POSITIVE_INFINITY): ZipEntry[] {
  const eocd = findEocd(buf);
  if (eocd >= 20 && buf.readUInt32LE(eocd - 20) === SIG_ZIP64_LOCATOR) throw new ZipError('corrupt', 'zip64 is not supported');
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const onDisk = buf.readUInt16LE(eocd + 8);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || onDisk === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new ZipError('corrupt', 'zip64 is not supported');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw new ZipError('corrupt', 'multi-disk archive');
  if (count > maxEntries) throw new ZipError('tooManyEntries', `${count} entries, at most ${maxEntries}`);
  const cdEnd = cdOffset + cdSize;
  if (cdEnd > eocd) throw new ZipError('corrupt', 'central directory out of bounds');
  if (cdEnd !== eocd) throw new ZipError('corrupt', `${eocd - cdEnd} unaccounted bytes between the central directory and the end record`);

  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + CENTRAL_SIZE > cdEnd || buf.readUInt32LE(p) !== SIG_CENTRAL) throw new ZipError('corrupt', `bad central directory entry ${n}`);
    const flags = buf.readUInt16LE(p + 8);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const next = p + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > cdEnd) throw new ZipError('corrupt', `central directory entry ${n} out of bounds`);
    if (buf.readUInt16LE(p + 34) !== 0) throw new ZipError('corrupt', 'multi-disk archive');
    const entry: ZipEntry = {
      name: decodeName(buf.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength), flags),
      method: buf.readUInt16LE(p + 10),
      flags,
      crc32: buf.readUInt32LE(p + 16),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
      externalAttrs: buf.readUInt32LE(p + 38),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) {
      throw new ZipError('corrupt', 'zip64 is not supported');
    }
    const extraAt = p + CENTRAL_SIZE + nameLength;
    if (hasZip64Extra(buf.subarray(extraAt, extraAt + extraLength))) throw new ZipError('corrupt', `${entry.name} has a zip64 record (zip64 is not supported)`);
    entries.push(entry);
    p = next;
  }
  if (p !== cdEnd) throw new ZipError('corrupt', `the central directory holds more than the ${count} entries the end record counts`);
  return entries;
}

/**
 * The entry's compressed bytes, found through its local header. The local header must name the
 * same entry: a streaming parser reads local headers, so a mismatch would let it see other content.
 */
export function entryData(buf: Buffer, entry: ZipEntry): Buffer {
  const p = entry.localHeaderOffset;
  if (p + LOCAL_SIZE > buf.length || buf.readUInt32LE(p) !== SIG_LOCAL) throw new ZipError('corrupt', `no local header for ${entry.name}`);
  const nameLength = buf.readUInt16LE(p + 26);
  const extraLength = buf.readUInt16LE(p + 28);
  const start = p + LOCAL_SIZE + nameLength + extraLength;
  const end = start + entry.compressedSize;
  if (end > buf.length) throw new ZipError('corrupt', `${entry.name} runs past the end`);
  if (decodeName(buf.subarray(p + LOCAL_SIZE, p + LOCAL_SIZE + nameLength), buf.readUInt16LE(p + 6)) !== entry.name) {
    throw new ZipError('corrupt', `local header of ${entry.name} names another entry`);
  }
  return buf.subarray(start, end);
}

/**
 * Checks an entry's local header against its central entry, and its data descriptor when it has
 * one; returns where the entry (header, data, descriptor) ends.
 */
function checkLocal(buf: Buffer, entry: ZipEntry): number {
  const p = entry.localHeaderOffset;
  const data = entryData(buf, entry); // signature, name and bounds
  const nameLength = buf.readUInt16LE(p + 26);
  const extraLength = buf.readUInt16LE(p + 28);
  const flags = buf.readUInt16LE(p + 6);
  const name = JSON.stringify(entry.name);
  if (!buf.subarray(p + LOCAL_SIZE, p + LOCAL_SIZE + nameLength).equals(Buffer.from(entry.name, entry.flags & FLAG_UTF8 ? 'utf8' : 'latin1'))) {
    throw new ZipError('corrupt', `local header of ${name} spells its name differently`);
  }
  if (buf.readUInt16LE(p + 8) !== entry.method) throw new ZipError('corrupt', `local header of ${name} gives another compression method`);
  const meaningful = FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_DATA_DESCRIPTOR | FLAG_UTF8;
  if ((flags & meaningful) !== (entry.flags & meaningful)) throw new ZipError('corrupt', `local header of ${name} has other flags than the central directory`);
  if (hasZip64Extra(buf.subarray(p + LOCAL_SIZE + nameLength, p + LOCAL_SIZE + nameLength + extraLength))) {
    throw new ZipError('corrupt', `${name} has a zip64 record (zip64 is not supported)`);
  }
  const local = { crc32: buf.readUInt32LE(p + 14), compressedSize: buf.readUInt32LE(p + 18), uncompressedSize: buf.readUInt32LE(p + 22) };
  const dataEnd = data.byteOffset - buf.byteOffset + data.length;
  const agrees = (v: { crc32: number; compressedSize: number; uncompressedSize: number }) =>
    v.crc32 === entry.crc32 && v.compressedSize === entry.compressedSize && v.uncompressedSize === entry.uncompressedSize;
  if (!(flags & FLAG_DATA_DESCRIPTOR)) {
    if (!agrees(local)) throw new ZipError('corrupt', `local header of ${name} gives other sizes or CRC than the central directory`);
    return dataEnd;
  }
  // Sizes follow the data; the local header may give them as zeros, or right.
  if (!(local.crc32 === 0 && local.compressedSize === 0 && local.uncompressedSize === 0) && !agrees(local)) {
    throw new ZipError('corrupt', `local header of ${name} gives other sizes or CRC than the central directory`);
  }
  let q = dataEnd;
  if (q + 4 <= buf.length && buf.readUInt32LE(q) === SIG_DATA_DESCRIPTOR) q += 4;
  if (q + 12 > buf.length) throw new ZipError('corrupt', `the data descriptor of ${name} runs past the end`);
  const descriptor = { crc32: buf.readUInt32LE(q), compressedSize: buf.readUInt32LE(q + 4), uncompressedSize: buf.readUInt32LE(q + 8) };
  if (!agrees(descriptor)) throw new ZipError('corrupt', `the data descriptor of ${name} gives other sizes or CRC than the central directory`);
  return q + 12;
}

/** The entries must tile the file: the first at byte 0, each starting where the previous one ends, the last ending at the central directory. */
function checkLayout(buf: Buffer, entries: readonly ZipEntry[]): void {
  const cdOffset = buf.readUInt32LE(findEocd(buf) + 16);
  const spans = entries.map((e) => ({ e, start: e.localHeaderOffset, end: checkLocal(buf, e) })).sort((a, b) => a.start - b.start);
  let at = 0;
  for (const { e, start, end } of spans) {
    if (start < at) throw new ZipError('corrupt', `${JSON.stringify(e.name)} overlaps another entry`);
    if (start > at) throw new ZipError('corrupt', `${start - at} unaccounted bytes before ${JSON.stringify(e.name)}`);
    at = end;
  }
  if (at > cdOffset) throw new ZipError('corrupt', 'an entry overlaps the central directory');
  if (at < cdOffset) throw new ZipError('corrupt', `${cdOffset - at} unaccounted bytes before the central directory`);
}

/** Why a name cannot be a part's name, or null: empty, absolute, a drive, a backslash, `..`, control characters. */
function unsafeName(name: string): string | null {
  if (name === '') return 'an empty name';
  if (name.includes('\\')) return 'a backslash';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  if (name.split('/').some((s) => s === '..' || s === '.')) return 'a relative segment';
  return null;
}

/**
 * Finds `<!DOCTYPE` or `<!ENTITY` (any case) in a byte stream fed chunk by chunk; a match may
 * straddle chunks. NUL bytes are skipped, so the UTF-16 spellings are found as well. It looks only
 * at each '!' (rare in XML) and the bytes around it, so it runs at the speed of indexOf.
 */
export class DeclarationScanner {
  private static readonly NEEDLES = ['doctype', 'entity'].map((s) => Buffer.from(s, 'latin1'));
  /** The longest spelling around a '!': '<' NUL '!' NUL and 7 letters with their NULs. */
  private static readonly WINDOW = 20;
  /** The last bytes of the previous chunk, so a match cut in two is still found. */
  private tail = Buffer.alloc(0);
  found = false;

  push(chunk: Buffer): void {
    if (this.found || chunk.length === 0) return;
    const W = DeclarationScanner.WINDOW;
    const data = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    // A '!' in the tail was looked at already unless the letters after it were cut off: look again from its start.
    for (let i = data.indexOf(0x21); i >= 0; i = data.indexOf(0x21, i + 1)) {
      if (this.declarationAt(data, i)) {
        this.found = true;
        return;
      }
    }
    this.tail = Buffer.from(data.subarray(Math.max(0, data.length - W)));
  }

  /** Whether the '!' at i follows a '<' and is followed by a needle (NULs skipped, any case). */
  private declarationAt(data: Buffer, i: number): boolean {
    let p = i - 1;
    while (p >= 0 && data[p] === 0) p--;
    if (p < 0 || data[p] !== 0x3c) return false;
    for (const needle of DeclarationScanner.NEEDLES) {
      let q = i + 1;
      let k = 0;
      for (; k < needle.length && q < data.length; q++) {
        let b = data[q]!;
        if (b === 0) continue;
        if (b >= 0x41 && b <= 0x5a) b |= 0x20;
        if (b !== needle[k]) break;
        k++;
      }
      if (k === needle.length) return true;
    }
    return false;
  }
}

const XML_LIKE = /\.(xml|rels|vml)$/i;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams an entry's inflated bytes to `onChunk`; stops (destroying the inflater) when `onChunk`
 * throws. The deflate stream must end exactly at the end of the entry's compressed bytes.
 */
async function inflateEntry(data: Buffer, entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += INFLATE_CHUNK * 16) {
      onChunk(data.subarray(i, i + INFLATE_CHUNK * 16));
      await tick();
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  inflater.end(data);
  try {
    for await (const chunk of inflater) onChunk(chunk as Buffer);
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError('corrupt', `${entry.name} does not inflate: ${(err as Error).message}`);
  } finally {
    inflater.destroy();
  }
  if (inflater.bytesWritten !== data.length) {
    throw new ZipError('corrupt', `${entry.name}'s deflate stream ends after ${inflater.bytesWritten} of the ${data.length} compressed bytes its headers give`);
  }
}

/**
 * The zip checks of security.md, in order: entry count (from the end record, before walking),
 * declared total, then per entry no encryption, links or special files, unsafe names, duplicate
 * names (in any case: part names are case-insensitive), known method; local headers agreeing with
 * the central directory and the entries tiling the file; then every entry inflated with the real
 * running total and ratio capped, its CRC and size compared, and its XML scanned for DTDs and
 * entity declarations. Returns the entries by name.
 */
export async function verifyZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<Map<string, ZipEntry>> {
  const entries = readCentralDirectory(buf, limits.maxEntries);
  const maxRatio = limits.maxRatio ?? DEFAULT_MAX_RATIO;
  const byName = new Map<string, ZipEntry>();
  const folded = new Set<string>();
  let declared = 0;
  for (const e of entries) {
    const name = JSON.stringify(e.name);
    declared += e.uncompressedSize;
    if (declared > limits.maxTotalUncompressed) throw new ZipError('tooLarge', `declares ${declared} bytes unpacked, more than ${limits.maxTotalUncompressed}`);
    if (e.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw new ZipError('forbidden', `${name} is encrypted`);
    const type = (e.externalAttrs >>> 16) & S_IFMT;
    if (type === S_IFLNK) throw new ZipError('forbidden', `${name} is a link`);
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw new ZipError('forbidden', `${name} is a special file`);
    const unsafe = unsafeName(e.name);
    if (unsafe) throw new ZipError('forbidden', `unsafe entry name ${name} (${unsafe})`);
    if (e.method !== 0 && e.method !== 8) throw new ZipError('corrupt', `${name} uses compression method ${e.method}`);
    if (e.method === 0 && e.compressedSize !== e.uncompressedSize) throw new ZipError('corrupt', `${name} stored with two sizes`);
    if (e.name.endsWith('/') && e.uncompressedSize !== 0) throw new ZipError('corrupt', `the folder ${name} has content`);
    const key = e.name.toLowerCase();
    if (folded.has(key)) throw new ZipError('corrupt', `${name} appears twice`);
    folded.add(key);
    byName.set(e.name, e);
  }
  checkLayout(buf, entries);

  let total = 0;
  for (const e of entries) {
    const data = entryData(buf, e);
    const scanner = XML_LIKE.test(e.name) ? new DeclarationScanner() : null;
    const ratioCap = Math.max(RATIO_FLOOR, maxRatio * data.length);
    let size = 0;
    let crc = 0;
    await inflateEntry(data, e, (chunk) => {
      size += chunk.length;
      total += chunk.length;
      if (total > limits.maxTotalUncompressed) throw new ZipError('tooLarge', `inflates past ${limits.maxTotalUncompressed} bytes`);
      if (size > e.uncompressedSize) throw new ZipError('corrupt', `${e.name} inflates past its declared size`);
      if (size > ratioCap) throw new ZipError('tooLarge', `${e.name} inflates more than ${maxRatio} times its compressed size`);
      crc = crc32(chunk, crc);
      if (scanner) {
        scanner.push(chunk);
        if (scanner.found) throw new ZipError('forbidden', `${e.name} declares a DTD or entity`);
      }
    });
    if (size !== e.uncompressedSize) throw new ZipError('corrupt', `${e.name} inflates to ${size} bytes, declared ${e.uncompressedSize}`);
    if (crc >>> 0 !== e.crc32) throw new ZipError('corrupt', `${e.name} fails its CRC`);
  }
  return byName;
}

const inflateRawAsync = promisify(inflateRaw);

/** One (small) entry inflated whole, at most `maxBytes`, CRC-checked. */
export async function readEntry(buf: Buffer, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) throw new ZipError('tooLarge', `${entry.name} is ${entry.uncompressedSize} bytes`);
  const data = entryData(buf, entry);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = await inflateRawAsync(data, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (err) {
      throw new ZipError('corrupt', `${entry.name} does not inflate: ${(err as Error).message}`);
    }
  } else throw new ZipError('corrupt', `${entry.name} uses compression method ${entry.method}`);
  if (out.length !== entry.uncompressedSize || crc32(out) >>> 0 !== entry.crc32) throw new ZipError('corrupt', `${entry.name} fails its size or CRC`);
  return out;
}

// ---- writing ----

/** An entry as it goes into the archive: compressed already, with the header values to write (tests forge them). */
export interface RawZipEntry {
  name: string;
  method: number;
  /** The bytes after the local header. */
  data: Buffer;
  crc32: number;
  uncompressedSize: number;
  /** Defaults to data.length. */
  compressedSize?: number;
  flags?: number;
  externalAttrs?: number;
  /** Defaults to 20 (MS-DOS, zip 2.0); 0x0314 says unix, for mode bits in externalAttrs. */
  versionMadeBy?: number;
}

// 1980-01-01 00:00, the zip epoch: the same input gives the same bytes.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** Local headers, data, central directory and end record; no zip64, no data descriptors. */
export function assembleZip(entries: readonly RawZipEntry[]): Buffer {
  if (entries.length > 0xfffe) throw new Error('too many entries for a zip without zip64');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const flags = e.flags ?? FLAG_UTF8;
    const compressedSize = e.compressedSize ?? e.data.length;
    const local = Buffer.alloc(LOCAL_SIZE);
    local.writeUInt32LE(SIG_LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(e.crc32 >>> 0, 14);
    local.writeUInt32LE(compressedSize, 18);
    local.writeUInt32LE(e.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const cd = Buffer.alloc(CENTRAL_SIZE);
    cd.writeUInt32LE(SIG_CENTRAL, 0);
    cd.writeUInt16LE(e.versionMadeBy ?? 20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(e.method, 10);
    cd.writeUInt16LE(DOS_TIME, 12);
    cd.writeUInt16LE(DOS_DATE, 14);
    cd.writeUInt32LE(e.crc32 >>> 0, 16);
    cd.writeUInt32LE(compressedSize, 20);
    cd.writeUInt32LE(e.uncompressedSize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE((e.externalAttrs ?? 0) >>> 0, 38);
    cd.writeUInt32LE(offset, 42);

    parts.push(local, name, e.data);
    central.push(cd, name);
    offset += LOCAL_SIZE + name.length + e.data.length;
    if (offset > 0xfffffffe) throw new Error('archive too large for a zip without zip64');
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const eocd = Buffer.alloc(EOCD_SIZE);
  eocd.writeUInt32LE(SIG_EOCD, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, eocd]);
}

const deflateRawAsync = promisify(deflateRaw);
/** Pieces compressed independently and concatenated (as pigz does), so one big sheet uses every zlib thread. */
const PIECE = 1024 * 1024;

export interface ZipInput {
  name: string;
  /** The content, or its parts in order; an async iterable is compressed while it is still being produced. */
  data: Buffer | string | readonly (Buffer | string)[] | AsyncIterable<Buffer>;
}

async function* partsOf(data: ZipInput['data']): AsyncGenerator<Buffer> {
  if (typeof data === 'string') yield Buffer.from(data, 'utf8');
  else if (Buffer.isBuffer(data)) yield data;
  else if (Array.isArray(data)) for (const item of data as (Buffer | string)[]) yield typeof item === 'string' ? Buffer.from(item, 'utf8') : item;
  else yield* data as AsyncIterable<Buffer>;
}

/**
 * One entry deflated in pieces of about 1 MB, each started as soon as it is complete. Every piece
 * but the last ends with a sync flush (byte-aligned, not final) and the last one finishes the
 * stream, so their concatenation is one valid deflate stream.
 */
async function deflateEntry(data: ZipInput['data'], level: number): Promise<{ data: Buffer; crc32: number; size: number }> {
  const compressed: Promise<Buffer>[] = [];
  let run: Buffer[] = [];
  let runLength = 0;
  let crc = 0;
  let size = 0;
  const start = (flush: number) => {
    const piece = run.length === 1 ? run[0]! : Buffer.concat(run, runLength);
    compressed.push(deflateRawAsync(piece, { level, finishFlush: flush }));
    // A rejection is awaited below; until then it must not count as unhandled.
    compressed.at(-1)!.catch(() => {});
    run = [];
    runLength = 0;
  };
  for await (const part of partsOf(data)) {
    crc = crc32(part, crc);
    size += part.length;
    for (let i = 0; i < part.length; i += PIECE) {
      const slice = part.subarray(i, i + PIECE);
      run.push(slice);
      runLength += slice.length;
      if (runLength >= PIECE) start(constants.Z_SYNC_FLUSH);
    }
  }
  start(constants.Z_FINISH);
  const out = await Promise.all(compressed);
  return { data: out.length === 1 ? out[0]! : Buffer.concat(out), crc32: crc >>> 0, size };
}

/** A deflated zip of the entries, compressed off the event loop. */
export async function writeZip(entries: readonly ZipInput[], options: { level?: number } = {}): Promise<Buffer> {
  const level = options.level ?? 6;
  const raw = await Promise.all(
    entries.map(async (e): Promise<RawZipEntry> => {
      const { data, crc32: crc, size } = await deflateEntry(e.data, level);
      return { name: e.name, method: 8, data, crc32: crc, uncompressedSize: size };
    }),
  );
  return assembleZip(raw);
}

/** A stored (uncompressed) entry, for small generated parts. */
export function storedEntry(name: string, content: string | Buffer): RawZipEntry {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, method: 0, data, crc32: crc32(data) >>> 0, uncompressedSize: data.length };
}
