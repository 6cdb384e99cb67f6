/**
 * The upload door's own rules for a zip (security.md "Files"), beyond what yauzl checks while it
 * parses (zip.ts drives yauzl and asks these at each step). Nothing the archive says is trusted:
 * - the end record must close the file and stand alone (no trailing bytes, no second end record,
 *   no zip record in the comment), the central directory must end where the end record starts, and
 *   the entry count is checked before a single entry is walked (`checkEnd`);
 * - per entry (`EntryRules`): the declared total, no encryption, no links or special files, safe
 *   names, no duplicate in any case, deflate or stored only, no zip64;
 * - every local header must agree with its central entry (name, method, flags, sizes, CRC, data
 *   descriptor), and the entries must tile the file from its first byte to the central directory
 *   with no gap and no overlap (`checkLocal`, `checkLayout`);
 * - as each entry is inflated (`ContentRules`): the real running total and ratio, the size and CRC,
 *   and no DTD or entity declaration in its XML.
 */
import { crc32 } from 'node:zlib';

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
const DEFAULT_MAX_RATIO = 200;
/** Entries smaller than this are never refused for their ratio (a small part of blanks deflates very well). */
const RATIO_FLOOR = 1024 * 1024;
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalUncompressed: 100 * 1024 * 1024, maxRatio: DEFAULT_MAX_RATIO };

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_DATA_DESCRIPTOR = 0x08074b50;
const EXTRA_ZIP64 = 0x0001;
const EOCD_SIZE = 22;
export const LOCAL_SIZE = 30;
export const CENTRAL_SIZE = 46;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeName(raw: Buffer, flags: number): string {
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

/**
 * The end record's own checks, before yauzl reads anything: no zip64 (no document this portal
 * takes needs more than 65,535 entries or 4 GB), one disk, at most `maxEntries` entries, and the
 * central directory ending exactly where the end record starts. Returns where the directory is.
 */
export function checkEnd(buf: Buffer, maxEntries: number): { cdOffset: number; cdEnd: number; count: number } {
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
  return { cdOffset, cdEnd, count };
}

/** Whether an extra field block holds a zip64 record. */
function hasZip64Extra(extra: Buffer): boolean {
  for (let p = 0; p + 4 <= extra.length; ) {
    if (extra.readUInt16LE(p) === EXTRA_ZIP64) return true;
    p += 4 + extra.readUInt16LE(p + 2);
  }
  return false;
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

/** The central entries' rules, entry by entry as yauzl reads them, in the order security.md gives. */
export class EntryRules {
  private declared = 0;
  private readonly folded = new Set<string>();
  constructor(private readonly limits: ZipLimits) {}

  check(e: ZipEntry, extra: Buffer): void {
    const name = JSON.stringify(e.name);
    if (e.compressedSize === 0xffffffff || e.uncompressedSize === 0xffffffff || e.localHeaderOffset === 0xffffffff) throw new ZipError('corrupt', 'zip64 is not supported');
    if (hasZip64Extra(extra)) throw new ZipError('corrupt', `${e.name} has a zip64 record (zip64 is not supported)`);
    this.declared += e.uncompressedSize;
    if (this.declared > this.limits.maxTotalUncompressed) throw new ZipError('tooLarge', `declares ${this.declared} bytes unpacked, more than ${this.limits.maxTotalUncompressed}`);
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
    if (this.folded.has(key)) throw new ZipError('corrupt', `${name} appears twice`);
    this.folded.add(key);
  }
}

/** The local header as yauzl reads it (readLocalFileHeader). */
interface LocalHeader {
  fileDataStart: number;
  generalPurposeBitFlag: number;
  compressionMethod: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  fileName: Buffer;
  extraField: Buffer;
}

/**
 * Checks an entry's local header against its central entry, and its data descriptor when it has
 * one; returns where the entry (header, data, descriptor) ends. The local header must name the same
 * entry: a streaming parser reads local headers, so a mismatch would let it see other content.
 */
export function checkLocal(buf: Buffer, entry: ZipEntry, local: LocalHeader): number {
  const name = JSON.stringify(entry.name);
  const dataEnd = local.fileDataStart + entry.compressedSize;
  if (dataEnd > buf.length) throw new ZipError('corrupt', `${entry.name} runs past the end`);
  if (decodeName(local.fileName, local.generalPurposeBitFlag) !== entry.name) throw new ZipError('corrupt', `local header of ${entry.name} names another entry`);
  if (!local.fileName.equals(Buffer.from(entry.name, entry.flags & FLAG_UTF8 ? 'utf8' : 'latin1'))) {
    throw new ZipError('corrupt', `local header of ${name} spells its name differently`);
  }
  if (local.compressionMethod !== entry.method) throw new ZipError('corrupt', `local header of ${name} gives another compression method`);
  const meaningful = FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_DATA_DESCRIPTOR | FLAG_UTF8;
  if ((local.generalPurposeBitFlag & meaningful) !== (entry.flags & meaningful)) throw new ZipError('corrupt', `local header of ${name} has other flags than the central directory`);
  if (hasZip64Extra(local.extraField)) throw new ZipError('corrupt', `${name} has a zip64 record (zip64 is not supported)`);
  const agrees = (v: { crc32: number; compressedSize: number; uncompressedSize: number }) =>
    v.crc32 === entry.crc32 && v.compressedSize === entry.compressedSize && v.uncompressedSize === entry.uncompressedSize;
  if (!(local.generalPurposeBitFlag & FLAG_DATA_DESCRIPTOR)) {
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
export function checkLayout(spans: readonly { entry: ZipEntry; end: number }[], cdOffset: number): void {
  const sorted = [...spans].sort((a, b) => a.entry.localHeaderOffset - b.entry.localHeaderOffset);
  let at = 0;
  for (const { entry, end } of sorted) {
    const start = entry.localHeaderOffset;
    if (start < at) throw new ZipError('corrupt', `${JSON.stringify(entry.name)} overlaps another entry`);
    if (start > at) throw new ZipError('corrupt', `${start - at} unaccounted bytes before ${JSON.stringify(entry.name)}`);
    at = end;
  }
  if (at > cdOffset) throw new ZipError('corrupt', 'an entry overlaps the central directory');
  if (at < cdOffset) throw new ZipError('corrupt', `${cdOffset - at} unaccounted bytes before the central directory`);
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

/** What an entry really inflates to, counted chunk by chunk across the archive: total, ratio, size, CRC, declarations. */
export class ContentRules {
  private total = 0;
  constructor(private readonly limits: ZipLimits) {}

  /** The checks of one entry: `chunk` for each inflated chunk (throws to stop), then `end`. */
  entry(e: ZipEntry): { chunk(chunk: Buffer): void; end(): void } {
    const maxRatio = this.limits.maxRatio ?? DEFAULT_MAX_RATIO;
    const scanner = XML_LIKE.test(e.name) ? new DeclarationScanner() : null;
    const ratioCap = Math.max(RATIO_FLOOR, maxRatio * e.compressedSize);
    let size = 0;
    let crc = 0;
    return {
      chunk: (chunk) => {
        size += chunk.length;
        this.total += chunk.length;
        if (this.total > this.limits.maxTotalUncompressed) throw new ZipError('tooLarge', `inflates past ${this.limits.maxTotalUncompressed} bytes`);
        if (size > e.uncompressedSize) throw new ZipError('corrupt', `${e.name} inflates past its declared size`);
        if (size > ratioCap) throw new ZipError('tooLarge', `${e.name} inflates more than ${maxRatio} times its compressed size`);
        crc = crc32(chunk, crc);
        if (scanner) {
          scanner.push(chunk);
          if (scanner.found) throw new ZipError('forbidden', `${e.name} declares a DTD or entity`);
        }
      },
      end: () => {
        if (size !== e.uncompressedSize) throw new ZipError('corrupt', `${e.name} inflates to ${size} bytes, declared ${e.uncompressedSize}`);
        if (crc >>> 0 !== e.crc32) throw new ZipError('corrupt', `${e.name} fails its CRC`);
      },
    };
  }
}
