/**
 * Archives forged byte by byte, for the door's tests (zip.test.ts): entries go in compressed
 * already, with whatever header values the test wants them to lie with. The portal itself writes
 * zips with yazl (zip.ts).
 */
import { crc32 } from 'node:zlib';

const LOCAL_SIZE = 30;
const CENTRAL_SIZE = 46;
const EOCD_SIZE = 22;
const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const FLAG_UTF8 = 0x0800;

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

/** A stored (uncompressed) entry, for small generated parts. */
export function storedEntry(name: string, content: string | Buffer): RawZipEntry {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, method: 0, data, crc32: crc32(data) >>> 0, uncompressedSize: data.length };
}
