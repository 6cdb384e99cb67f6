/**
 * Zips at the upload door and out of the portal (security.md "Files", decision 0042). Reading:
 * yauzl parses the archive (the end record, the central directory entry by entry, the local
 * headers; `validateEntrySizes` on), and the door's own rules (zip-policy.ts) are asked at each
 * step: before yauzl reads anything, for each central entry, for each local header and the layout,
 * then as each entry is really inflated, counted (total and ratio) and CRC-checked. The inflate is
 * ours, on the bytes yauzl locates: its deflate stream must end exactly where the entry's
 * compressed size says, which a decompressing stream does not tell. Output is streamed and dropped
 * as it is counted: memory stays at one chunk whatever the archive unpacks to. Writing: yazl.
 */
import { Readable } from 'node:stream';
import { buffer as collect } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { createInflateRaw, crc32, inflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { CENTRAL_SIZE, checkEnd, checkLayout, checkLocal, ContentRules, decodeName, DEFAULT_ZIP_LIMITS, EntryRules, LOCAL_SIZE, ZipError, type ZipEntry, type ZipLimits } from './zip-policy.js';

export { ZipError, type ZipEntry, type ZipErrorKind } from './zip-policy.js';

const INFLATE_CHUNK = 64 * 1024;

/**
 * The entry's compressed bytes, found through its local header (of an archive verifyZip took). The
 * local header must name the same entry.
 */
export function entryData(buf: Buffer, entry: ZipEntry): Buffer {
  const p = entry.localHeaderOffset;
  if (p + LOCAL_SIZE > buf.length || buf.readUInt32LE(p) !== 0x04034b50) throw new ZipError('corrupt', `no local header for ${entry.name}`);
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

/** The central entry at `at` read directly, for the door's rules when yauzl refused it before handing it over. */
function centralEntryAt(buf: Buffer, at: number): { entry: ZipEntry; extra: Buffer } | null {
  if (at + CENTRAL_SIZE > buf.length) return null;
  const nameLength = buf.readUInt16LE(at + 28);
  const extraLength = buf.readUInt16LE(at + 30);
  if (at + CENTRAL_SIZE + nameLength + extraLength > buf.length) return null;
  const flags = buf.readUInt16LE(at + 8);
  return {
    entry: {
      name: decodeName(buf.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength), flags),
      method: buf.readUInt16LE(at + 10),
      flags,
      crc32: buf.readUInt32LE(at + 16),
      compressedSize: buf.readUInt32LE(at + 20),
      uncompressedSize: buf.readUInt32LE(at + 24),
      localHeaderOffset: buf.readUInt32LE(at + 42),
      externalAttrs: buf.readUInt32LE(at + 38),
    },
    extra: buf.subarray(at + CENTRAL_SIZE + nameLength, at + CENTRAL_SIZE + nameLength + extraLength),
  };
}

/**
 * yauzl's own refusals, in the door's words: a central entry yauzl refused (strong encryption, a
 * stored entry with two sizes) goes through the door's rules, which name the first rule it breaks.
 */
function fromYauzl(err: unknown, buf: Buffer, at: number, rules: EntryRules | null): ZipError {
  if (err instanceof ZipError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/zip64/i.test(message)) return new ZipError('corrupt', 'zip64 is not supported');
  const refused = rules && /strong encryption|size mismatch for stored file/i.test(message) ? centralEntryAt(buf, at) : null;
  if (refused) {
    try {
      rules!.check(refused.entry, refused.extra);
    } catch (e) {
      if (e instanceof ZipError) return e;
    }
  }
  return new ZipError('corrupt', message);
}

/** The next central entry from yauzl (lazyEntries), or null at the end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (e: Error) => (cleanup(), reject(e));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/**
 * The zip checks of security.md, in order: the end record and the entry count (before walking);
 * then per central entry as yauzl reads it, the declared total, no encryption, links or special
 * files, unsafe names, duplicate names (in any case: part names are case-insensitive), known
 * method; the directory holding exactly the entries it counts; local headers agreeing with the
 * central directory and the entries tiling the file; then every entry inflated with the real
 * running total and ratio capped, its CRC and size compared, and its XML scanned for DTDs and
 * entity declarations. Returns the entries by name.
 */
export async function verifyZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<Map<string, ZipEntry>> {
  const { cdOffset, cdEnd } = checkEnd(buf, limits.maxEntries);
  let at = cdOffset;
  const rules = new EntryRules(limits);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false });
  } catch (err) {
    throw fromYauzl(err, buf, at, null);
  }
  try {
    const found: { raw: yauzl.Entry; entry: ZipEntry }[] = [];
    const byName = new Map<string, ZipEntry>();
    for (;;) {
      let raw: yauzl.Entry | null;
      try {
        raw = await nextEntry(zip);
      } catch (err) {
        throw fromYauzl(err, buf, at, rules);
      }
      if (!raw) break;
      at += CENTRAL_SIZE + raw.fileNameLength + raw.extraFieldLength + raw.fileCommentLength;
      const entry: ZipEntry = {
        name: decodeName(raw.fileNameRaw, raw.generalPurposeBitFlag),
        method: raw.compressionMethod,
        flags: raw.generalPurposeBitFlag,
        crc32: raw.crc32,
        compressedSize: raw.compressedSize,
        uncompressedSize: raw.uncompressedSize,
        localHeaderOffset: raw.relativeOffsetOfLocalHeader,
        externalAttrs: raw.externalFileAttributes,
      };
      rules.check(entry, raw.extraFieldRaw);
      found.push({ raw, entry });
      byName.set(entry.name, entry);
    }
    if (at !== cdEnd) throw new ZipError('corrupt', `the central directory holds more than the ${found.length} entries the end record counts`);

    const spans: { entry: ZipEntry; end: number; dataStart: number }[] = [];
    for (const { raw, entry } of found) {
      let local;
      try {
        local = await zip.readLocalFileHeaderPromise(raw);
      } catch (err) {
        if (/local file header signature/i.test((err as Error)?.message ?? '')) throw new ZipError('corrupt', `no local header for ${entry.name}`);
        throw fromYauzl(err, buf, at, null);
      }
      spans.push({ entry, end: checkLocal(buf, entry, local), dataStart: local.fileDataStart });
    }
    checkLayout(spans, cdOffset);

    const content = new ContentRules(limits);
    for (const { entry, dataStart } of spans) {
      const check = content.entry(entry);
      await inflateEntry(buf.subarray(dataStart, dataStart + entry.compressedSize), entry, check.chunk);
      check.end();
    }
    return byName;
  } finally {
    zip.close();
  }
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

export interface ZipInput {
  name: string;
  /** The content, or its parts in order; an async iterable is compressed while it is still being produced. */
  data: Buffer | string | readonly (Buffer | string)[] | AsyncIterable<Buffer>;
}

// 1980-01-01 00:00 local time, the zip epoch, and no extended timestamp: the same input gives the same bytes.
const ZIP_EPOCH = new Date(1980, 0, 1);

/** The entries added to a yazl archive, deflated at `level`, and the archive ended; its bytes come out of `zip.outputStream`. */
export function zipEntries(entries: readonly ZipInput[], level = 6): yazl.ZipFile {
  const zip = new yazl.ZipFile();
  const options = { mtime: ZIP_EPOCH, forceDosTimestamp: true, compressionLevel: level };
  for (const e of entries) {
    const { data } = e;
    if (typeof data === 'string') zip.addBuffer(Buffer.from(data, 'utf8'), e.name, options);
    else if (Buffer.isBuffer(data)) zip.addBuffer(data, e.name, options);
    else if (Array.isArray(data)) zip.addBuffer(Buffer.concat((data as (Buffer | string)[]).map((d) => (typeof d === 'string' ? Buffer.from(d, 'utf8') : d))), e.name, options);
    else {
      const stream = data instanceof Readable ? data : Readable.from(data as AsyncIterable<Buffer>, { objectMode: false });
      // yazl pipes a source without listening for its errors: a failing source fails the archive.
      stream.once('error', (err) => zip.emit('error', err));
      zip.addReadStream(stream, e.name, options);
    }
  }
  zip.end();
  return zip;
}

/** A deflated zip of the entries, compressed off the event loop (zlib's threads). */
export async function writeZip(entries: readonly ZipInput[], options: { level?: number } = {}): Promise<Buffer> {
  const zip = zipEntries(entries, options.level ?? 6);
  // yazl reports a failing source (an async iterable that throws) on the archive, not on its output.
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  return Promise.race([collect(zip.outputStream as Readable), failed]);
}
