/**
 * Reading the worksheets of an uploaded xlsx row by row, with a streaming parser of our own
 * (security.md "Files": exceljs runs out of memory on large files, and even its streaming reader
 * keeps every shared string as a JS string and builds an object per cell).
 *
 * The archive passes verifyZip first (sizes, ratio, links, names, CRCs, no DTD or entity
 * declaration anywhere), then:
 * - workbook.xml and its relationships (small) give the worksheets in tab order, which are
 *   visible, and the 1904 date system;
 * - the shared strings part is streamed through inflate once, the first time a sheet is read, into
 *   one UTF-8 byte store plus an offsets table (no JS string per entry); past MEMORY_STRINGS_BYTES
 *   the store goes on in an unlinked temporary file, read back a string at a time;
 * - each sheet part is streamed through inflate and scanned as it comes: nothing of it is held but
 *   the chunk in hand and the row being built. Sheets are independent: reading sheet 2 does not read
 *   sheet 1.
 *
 * Cells come out as CellValue, column A at index 0: numbers; strings (shared, inline, a formula's
 * string result; rich text runs joined, phonetic runs left out, Excel's _xHHHH_ escapes decoded);
 * booleans; a formula's cached result; error cells null; `t="d"` ISO dates as Date (UTC). Styles are
 * not read, so dates stored as serial numbers stay numbers (cellDate turns them into days,
 * `date1904` says from which epoch). Rows keep their 1-based numbers; a row with no value (blank, or
 * only formatted cells) is not yielded. Nothing is keyed by text from the sheet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import type { CellValue } from '@portal/domain';
import { entryData, readEntry, verifyZip, ZipError, type ZipEntry } from './zip.js';

export class SheetReadError extends Error {}

export interface SheetRow {
  /** 1-based, as Excel shows it. */
  rowNumber: number;
  cells: CellValue[];
}
export interface OpenedSheet {
  date1904: boolean;
  rows: AsyncIterable<SheetRow>;
}
export interface WorkbookSheet {
  /** The tab's name as the workbook gives it. */
  name: string;
  /** The sheet's rows with a value, in order; each call reads the sheet again from its start. */
  rows(): AsyncIterable<SheetRow>;
}
export interface OpenedWorkbook {
  date1904: boolean;
  /** Visible worksheets in tab order (every worksheet when all are hidden); chart, macro and dialog sheets left out. */
  sheets: WorkbookSheet[];
}

/** Columns A to IV (Excel 2003's width). A row with a value further right is refused: rows are handed over whole. */
export const MAX_SHEET_COLUMNS = 256;
const MAX_PART_BYTES = 10 * 1024 * 1024;
/** One cell's text (Excel's own limit is 32,767 characters). */
const MAX_TEXT_CHARS = 1024 * 1024;
/** One tag, comment or CDATA section. */
const MAX_MARKUP_CHARS = 1024 * 1024;
/** Shared strings kept in memory; the rest goes to a temporary file. */
const MEMORY_STRINGS_BYTES = 8 * 1024 * 1024;
const INFLATE_CHUNK = 128 * 1024;
const DECODE_PIECE = 32 * 1024;

// ---- workbook.xml and its relationships, read with plain patterns (verifyZip refused any DTD) ----

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY_REF = /&(#[xX][0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g;
function decodeXml(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(ENTITY_REF, (whole, name: string) => {
    if (name[0] !== '#') return ENTITY[name]!;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
/** Text content: entities, line ends as XML normalises them, and Excel's _xHHHH_ escapes (ST_Xstring). */
function decodeText(raw: string): string {
  let text = decodeXml(raw);
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  if (text.includes('_x')) text = text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text;
}

/** An element's attributes by name, in a Map (never a plain object: names come from the file). */
function attributes(tag: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) map.set(m[1]!, decodeXml(m[2] ?? m[3] ?? ''));
  return map;
}
/** An attribute by its local name, whatever namespace prefix the file used. */
function attribute(attrs: Map<string, string>, local: string, prefixed: boolean): string | undefined {
  for (const [key, value] of attrs) {
    const colon = key.indexOf(':');
    if (prefixed ? colon > 0 && key.slice(colon + 1) === local : key === local) return value;
  }
  return undefined;
}
const elements = (xml: string, local: string) => [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${local}(?=[\\s/>])[^>]*>`, 'g'))].map((m) => m[0]);
const isTrue = (v: string | undefined) => v === '1' || v === 'true';

/** A relationship target as a part name: relative to xl/, or absolute from the package root. */
function resolveTarget(target: string): string {
  let p = target;
  try {
    p = decodeURIComponent(target);
  } catch {
    // not percent-encoded after all
  }
  const segments = p.startsWith('/') ? [] : ['xl'];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  return segments.join('/');
}

interface WorkbookFacts {
  date1904: boolean;
  sheets: { name: string; part: ZipEntry }[];
  sharedStrings: ZipEntry | null;
}

async function workbookFacts(buf: Buffer, entries: Map<string, ZipEntry>): Promise<WorkbookFacts> {
  const workbookEntry = entries.get('xl/workbook.xml');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbookEntry || !relsEntry) throw new SheetReadError('The file is not an Excel workbook (xl/workbook.xml or its relationships are missing).');
  const strip = (xml: string) => xml.replace(/<!--[\s\S]*?-->/g, '');
  const workbook = strip(decodePart(await readEntry(buf, workbookEntry, MAX_PART_BYTES), 'xl/workbook.xml'));
  const rels = strip(decodePart(await readEntry(buf, relsEntry, MAX_PART_BYTES), 'xl/_rels/workbook.xml.rels'));

  const props = elements(workbook, 'workbookPr')[0];
  const date1904 = props ? isTrue(attribute(attributes(props), 'date1904', false)) : false;

  const relations = new Map<string, Map<string, string>>();
  for (const r of elements(rels, 'Relationship').map(attributes)) {
    const id = attribute(r, 'Id', false);
    if (id !== undefined && !relations.has(id)) relations.set(id, r);
  }

  const sheetsAt = workbook.search(/<(?:[\w.-]+:)?sheets[\s>]/);
  const listed = sheetsAt < 0 ? [] : elements(workbook.slice(sheetsAt), 'sheet').map(attributes);
  if (listed.length === 0) throw new SheetReadError('The workbook has no sheets.');
  const worksheets: { name: string; part: ZipEntry; hidden: boolean }[] = [];
  for (const s of listed) {
    const name = attribute(s, 'name', false) ?? '';
    const rel = relations.get(attribute(s, 'id', true) ?? '');
    if (!rel) throw new SheetReadError(`The sheet "${name}" of the workbook has no part.`);
    // Chart sheets, macro sheets and dialog sheets hold no rows.
    if (!(attribute(rel, 'Type', false) ?? '').endsWith('/worksheet')) continue;
    if (/external/i.test(attribute(rel, 'TargetMode', false) ?? '')) throw new SheetReadError(`The sheet "${name}" of the workbook points outside the file.`);
    const partName = resolveTarget(attribute(rel, 'Target', false) ?? '');
    const part = entries.get(partName);
    if (!part || !partName.endsWith('.xml')) throw new SheetReadError(`The part ${partName} of the sheet "${name}" is missing from the file.`);
    worksheets.push({ name, part, hidden: /hidden/i.test(attribute(s, 'state', false) ?? '') });
  }
  if (worksheets.length === 0) throw new SheetReadError('The workbook has no worksheet (only chart or macro sheets).');
  const visible = worksheets.filter((s) => !s.hidden);
  const sheets = (visible.length ? visible : worksheets).map(({ name, part }) => ({ name, part }));

  const sst = [...relations.values()].find((r) => (attribute(r, 'Type', false) ?? '').endsWith('/sharedStrings'));
  const sstPart = sst ? resolveTarget(attribute(sst, 'Target', false) ?? '') : 'xl/sharedStrings.xml';
  const sharedStrings = sstPart.endsWith('.xml') ? (entries.get(sstPart) ?? null) : null;
  return { date1904, sheets, sharedStrings };
}

// ---- an entry's text, streamed ----

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The entry's inflated bytes in chunks; the inflater is stopped when the reader stops. */
async function* entryBytes(buf: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = entryData(buf, entry);
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += INFLATE_CHUNK) {
      yield data.subarray(i, i + INFLATE_CHUNK);
      await tick();
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  inflater.end(data);
  try {
    for await (const chunk of inflater) yield chunk as Buffer;
  } catch (err) {
    throw new SheetReadError(`The part ${entry.name} does not inflate: ${(err as Error).message}`);
  } finally {
    inflater.destroy();
  }
}

/** The encoding of an XML part: a byte order mark, else the declaration, else UTF-8. */
function encodingOf(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0x3c && head[1] === 0x00) return 'utf-16le';
  if (head[0] === 0x00 && head[1] === 0x3c) return 'utf-16be';
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.toString('latin1'));
  return declared ? declared[1]!.toLowerCase() : 'utf-8';
}
function decoderFor(head: Buffer, part: string): TextDecoder {
  const label = encodingOf(head);
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new SheetReadError(`The part ${part} uses the unknown encoding ${label}.`);
  }
}
function decodePart(bytes: Buffer, part: string): string {
  try {
    return decoderFor(bytes.subarray(0, 200), part).decode(bytes);
  } catch (err) {
    if (err instanceof SheetReadError) throw err;
    throw new SheetReadError(`The part ${part} is not valid text in its encoding.`);
  }
}

/** The entry as text, chunk by chunk, decoded in the encoding it declares (UTF-8 by default). */
async function* entryText(buf: Buffer, entry: ZipEntry): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head: Buffer | null = null;
  try {
    for await (const chunk of entryBytes(buf, entry)) {
      if (!decoder) {
        head = head ? Buffer.concat([head, chunk]) : chunk;
        if (head.length < 200) continue;
        decoder = decoderFor(head, entry.name);
        for (let i = 0; i < head.length; i += DECODE_PIECE) yield decoder.decode(head.subarray(i, i + DECODE_PIECE), { stream: true });
        head = null;
        continue;
      }
      // Decoded in small pieces: a string over ~128 KB would be born in V8's large-object space,
      // which only a full collection frees, and RSS would grow with every chunk until then.
      for (let i = 0; i < chunk.length; i += DECODE_PIECE) yield decoder.decode(chunk.subarray(i, i + DECODE_PIECE), { stream: true });
    }
    if (!decoder) {
      decoder = decoderFor(head ?? Buffer.alloc(0), entry.name);
      yield decoder.decode(head ?? Buffer.alloc(0), { stream: true });
    }
    yield decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) throw new SheetReadError(`The part ${entry.name} is not valid text in its encoding.`);
    throw err;
  }
}

// ---- a streaming XML scanner: tags, and text only where the handler collects it ----

interface XmlHandler {
  /** `attrs` is the raw attribute text; `empty` for <x/>. Returning true stops the scan. */
  open(local: string, attrs: string, empty: boolean): boolean | void;
  close(local: string): boolean | void;
  /** Whether text (raw, entities not decoded yet) goes to `text` now. */
  collecting: boolean;
  text(raw: string): void;
}

const localOf = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};
/** Characters that end a tag's name. */
const endsName = (c: number) => c <= 0x20 || c === 0x2f || c === 0x3e || c === 0x3c;

/**
 * Tags, comments, CDATA and processing instructions, found with indexOf and a scan of each tag's
 * own characters (quotes respected: a '>' inside a quoted value does not end a tag). Lenient about
 * what a data reader does not need (attribute syntax, matching end tags); strict about anything that
 * could make it hold more than one tag's worth of text: unfinished markup is kept for the next chunk
 * only up to MAX_MARKUP_CHARS, and text outside the handler's interest is dropped as it passes.
 */
class XmlScanner {
  /** The start of an unfinished tag, comment or CDATA section from the previous chunk. */
  private rest = '';
  done = false;
  constructor(
    private readonly handler: XmlHandler,
    private readonly part: string,
  ) {}

  private fail(what: string): never {
    throw new SheetReadError(`The part ${this.part} is not well-formed XML (${what}).`);
  }

  push(chunk: string): void {
    if (this.done) return;
    const h = this.handler;
    const s = this.rest ? this.rest + chunk : chunk;
    this.rest = '';
    const length = s.length;
    let i = 0;
    while (i < length) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        if (h.collecting) h.text(s.slice(i));
        return;
      }
      if (lt > i && h.collecting) h.text(s.slice(i, lt));
      i = lt;
      const next = s.charCodeAt(i + 1);
      if (next === 0x2f /* / */) {
        let k = i + 2;
        while (k < length && !endsName(s.charCodeAt(k))) k++;
        const gt = s.indexOf('>', k);
        if (gt < 0) return this.keep(s, i);
        if (k === i + 2 || s.slice(k, gt).trim() !== '') this.fail(`a broken end tag at "${s.slice(i, Math.min(gt + 1, i + 40))}"`);
        const name = s.slice(i + 2, k);
        i = gt + 1;
        if (h.close(localOf(name))) return this.stop();
      } else if (next === 0x21 /* ! */) {
        if (s.startsWith('<!--', i)) {
          const end = s.indexOf('-->', i + 4);
          if (end < 0) return this.keep(s, i);
          i = end + 3;
        } else if (s.startsWith('<![CDATA[', i)) {
          const end = s.indexOf(']]>', i + 9);
          if (end < 0) return this.keep(s, i);
          // CDATA is literal text: escaped here so that decoding later gives it back unchanged.
          if (h.collecting) h.text(s.slice(i + 9, end).replace(/&/g, '&amp;'));
          i = end + 3;
        } else if (length - i < 9) {
          return this.keep(s, i);
        } else {
          this.fail('a declaration'); // DTDs were refused by verifyZip already
        }
      } else if (next === 0x3f /* ? */) {
        const end = s.indexOf('?>', i + 2);
        if (end < 0) return this.keep(s, i);
        i = end + 2;
      } else if (Number.isNaN(next)) {
        return this.keep(s, i);
      } else {
        let k = i + 1;
        while (k < length && !endsName(s.charCodeAt(k))) k++;
        if (k === i + 1) this.fail(`a broken tag at "${s.slice(i, i + 40)}"`);
        // The tag's end: the first '>' outside quotes.
        let gt = -1;
        let quote = 0;
        for (let j = k; j < length; j++) {
          const c = s.charCodeAt(j);
          if (quote) {
            if (c === quote) quote = 0;
          } else if (c === 0x3e) {
            gt = j;
            break;
          } else if (c === 0x22 || c === 0x27) quote = c;
          else if (c === 0x3c) this.fail(`a broken tag at "${s.slice(i, Math.min(j, i + 40))}"`);
        }
        if (gt < 0) return this.keep(s, i);
        const empty = s.charCodeAt(gt - 1) === 0x2f;
        const local = localOf(s.slice(i + 1, k));
        const attrs = s.slice(k, empty ? gt - 1 : gt);
        i = gt + 1;
        if (h.open(local, attrs, empty)) return this.stop();
        if (empty && h.close(local)) return this.stop();
      }
    }
  }

  private keep(s: string, i: number): void {
    if (s.length - i > MAX_MARKUP_CHARS) this.fail(`markup longer than ${MAX_MARKUP_CHARS} characters`);
    this.rest = s.slice(i);
  }
  private stop(): void {
    this.done = true;
    this.rest = '';
  }
  end(): void {
    if (!this.done && this.rest.trim()) this.fail('it ends inside a tag');
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** A named attribute (no namespace prefix) of a tag's raw attribute text, entities decoded. */
function rawAttribute(attrs: string, name: string): string | undefined {
  let p = 0;
  for (;;) {
    p = attrs.indexOf(name, p);
    if (p < 0) return undefined;
    const at = p;
    p += name.length;
    if (at > 0 && !isSpace(attrs.charCodeAt(at - 1))) continue;
    let q = p;
    while (isSpace(attrs.charCodeAt(q))) q++;
    if (attrs.charCodeAt(q) !== 0x3d /* = */) continue;
    q++;
    while (isSpace(attrs.charCodeAt(q))) q++;
    const quote = attrs.charCodeAt(q);
    if (quote !== 0x22 && quote !== 0x27) return undefined;
    const end = attrs.indexOf(quote === 0x22 ? '"' : "'", q + 1);
    if (end < 0) return undefined;
    const value = attrs.slice(q + 1, end);
    return value.includes('&') ? decodeXml(value) : value;
  }
}

/** Collected text, refused past MAX_TEXT_CHARS. */
class TextBuffer {
  value = '';
  add(raw: string, part: string): void {
    this.value += raw;
    if (this.value.length > MAX_TEXT_CHARS) throw new SheetReadError(`The part ${part} has a text longer than ${MAX_TEXT_CHARS} characters.`);
  }
}

// ---- shared strings: one UTF-8 store and an offsets table ----

const OFFSET_BLOCK = 65_536;
const FILE_BLOCK = 64 * 1024;
const FILE_CACHE_BLOCKS = 32;

const closeFd = new FinalizationRegistry<number>((fd) => {
  try {
    fs.closeSync(fd);
  } catch {
    // closed already
  }
});

/**
 * The shared strings table, compact: string i is the UTF-8 bytes from offset(i) to offset(i + 1).
 * The first MEMORY_STRINGS_BYTES stay in memory; the rest is written to a temporary file (unlinked
 * at once, so it disappears with its descriptor) and read back with a small block cache.
 */
export class SharedStrings {
  private readonly offsets: Uint32Array[] = [new Uint32Array(OFFSET_BLOCK)];
  count = 0;
  private total = 0;
  private memory = Buffer.allocUnsafe(64 * 1024);
  /** Bytes [0, memoryEnd) are in `memory`; beyond, in the file. */
  private memoryEnd = 0;
  private fd: number | null = null;
  private pending = Buffer.allocUnsafe(0);
  private pendingLength = 0;
  private readonly cache = new Map<number, Buffer>();

  constructor(private readonly memoryBound = MEMORY_STRINGS_BYTES) {}

  get spilled(): boolean {
    return this.fd !== null;
  }
  get bytes(): number {
    return this.total;
  }

  private offset(i: number): number {
    return this.offsets[i >>> 16]![i & 0xffff]!;
  }
  private setOffset(i: number, value: number): void {
    const block = i >>> 16;
    if (block === this.offsets.length) this.offsets.push(new Uint32Array(OFFSET_BLOCK));
    this.offsets[block]![i & 0xffff] = value;
  }

  add(text: string): void {
    const max = text.length * 3;
    if (this.total + max > 0xffff_ffff) throw new SheetReadError('The shared strings of the workbook are too large.');
    if (this.fd === null && this.total + max <= this.memoryBound) {
      if (this.total + max > this.memory.length) {
        const bigger = Buffer.allocUnsafe(Math.min(this.memoryBound, Math.max(this.memory.length * 2, this.total + max)));
        this.memory.copy(bigger, 0, 0, this.total);
        this.memory = bigger;
      }
      this.total += this.memory.write(text, this.total, 'utf8');
      this.memoryEnd = this.total;
    } else {
      if (this.fd === null) this.openFile();
      if (this.pendingLength + max > this.pending.length) {
        this.flush();
        if (max > this.pending.length) this.pending = Buffer.allocUnsafe(Math.max(max, 1024 * 1024));
      }
      const written = this.pending.write(text, this.pendingLength, 'utf8');
      this.pendingLength += written;
      this.total += written;
    }
    this.setOffset(++this.count, this.total);
  }

  private openFile(): void {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sst-'));
    const file = path.join(dir, 'strings');
    this.fd = fs.openSync(file, 'w+', 0o600);
    fs.unlinkSync(file);
    fs.rmdirSync(dir);
    closeFd.register(this, this.fd, this);
    this.pending = Buffer.allocUnsafe(1024 * 1024);
    // The memory part stays as it is: those strings are read from memory.
    this.memory = this.memory.subarray(0, this.memoryEnd);
  }
  private flush(): void {
    if (this.fd === null || this.pendingLength === 0) return;
    fs.writeSync(this.fd, this.pending, 0, this.pendingLength, this.total - this.pendingLength - this.memoryEnd);
    this.pendingLength = 0;
  }
  /** Done adding: what is pending goes to the file. */
  finish(): void {
    this.flush();
    if (this.fd !== null) this.pending = Buffer.allocUnsafe(0);
  }

  /** String i, or undefined past the end. */
  get(i: number): string | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    const start = this.offset(i);
    const end = this.offset(i + 1);
    if (end <= this.memoryEnd) return this.memory.toString('utf8', start, end);
    return this.fromFile(start - this.memoryEnd, end - this.memoryEnd).toString('utf8');
  }
  private fromFile(start: number, end: number): Buffer {
    const first = Math.floor(start / FILE_BLOCK);
    if (first === Math.floor((end - 1) / FILE_BLOCK)) {
      let block = this.cache.get(first);
      if (block) {
        this.cache.delete(first);
      } else {
        block = Buffer.allocUnsafe(FILE_BLOCK);
        const got = fs.readSync(this.fd!, block, 0, FILE_BLOCK, first * FILE_BLOCK);
        block = block.subarray(0, got);
        if (this.cache.size >= FILE_CACHE_BLOCKS) this.cache.delete(this.cache.keys().next().value!);
      }
      this.cache.set(first, block); // most recent last
      return block.subarray(start - first * FILE_BLOCK, end - first * FILE_BLOCK);
    }
    const out = Buffer.allocUnsafe(end - start);
    fs.readSync(this.fd!, out, 0, out.length, start);
    return out;
  }

  close(): void {
    if (this.fd === null) return;
    closeFd.unregister(this);
    try {
      fs.closeSync(this.fd);
    } catch {
      // closed already
    }
    this.fd = null;
    this.count = 0;
    this.cache.clear();
  }
}

class SharedStringsHandler implements XmlHandler {
  collecting = false;
  private inItem = false;
  private phonetic = 0;
  private readonly buffer = new TextBuffer();
  constructor(
    private readonly store: SharedStrings,
    private readonly part: string,
  ) {}
  open(local: string, _attrs: string, empty: boolean): void {
    if (local === 'si') {
      this.inItem = true;
      this.phonetic = 0;
      this.buffer.value = '';
    } else if (!this.inItem) return;
    else if (local === 'rPh') {
      if (!empty) this.phonetic++;
    } else if (local === 't' && this.phonetic === 0) this.collecting = !empty;
  }
  close(local: string): void {
    if (local === 't') this.collecting = false;
    else if (local === 'rPh') this.phonetic = Math.max(0, this.phonetic - 1);
    else if (local === 'si' && this.inItem) {
      this.store.add(decodeText(this.buffer.value));
      this.buffer.value = '';
      this.inItem = false;
      this.collecting = false;
    }
  }
  text(raw: string): void {
    this.buffer.add(raw, this.part);
  }
}

async function readSharedStrings(buf: Buffer, entry: ZipEntry | null): Promise<SharedStrings> {
  const store = new SharedStrings();
  if (!entry) return store;
  try {
    const scanner = new XmlScanner(new SharedStringsHandler(store, entry.name), entry.name);
    for await (const text of entryText(buf, entry)) scanner.push(text);
    scanner.end();
    store.finish();
    return store;
  } catch (err) {
    store.close();
    throw err;
  }
}

// ---- a worksheet ----

const CELL_TYPES = new Set(['n', 's', 'str', 'inlineStr', 'b', 'e', 'd']);

/** 0-based column of a cell reference ("B7" -> 1), or -1 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  let k = 0;
  for (; k < ref.length && k < 8; k++) {
    let c = ref.charCodeAt(k);
    if (c === 0x24 /* $ */ && k === 0) continue;
    if (c >= 0x61 && c <= 0x7a) c -= 0x20;
    if (c < 0x41 || c > 0x5a) break;
    col = col * 26 + (c - 0x40);
  }
  return col - 1;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** A `t="d"` cell: ISO 8601; a date-time without a zone is taken as UTC (the sheet's own time). */
function isoDate(text: string): Date | null {
  const t = text.trim();
  const m = ISO_DATE.exec(t);
  if (!m) return null;
  const date = new Date(m[8] ? t : m[4] ? `${t}Z` : `${t}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
function numberOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const value = Number(t);
  return Number.isFinite(value) ? value : null;
}

class SheetHandler implements XmlHandler {
  collecting = false;
  readonly rows: SheetRow[] = [];
  private inData = false;
  private rowNumber = 0;
  private cells: CellValue[] | null = null;
  private column = -1;
  private inCell = false;
  private type = 'n';
  private hasValue = false;
  private inInline = false;
  private hasInline = false;
  private phonetic = 0;
  private readonly value = new TextBuffer();
  private readonly inline = new TextBuffer();
  private target: TextBuffer | null = null;

  constructor(
    private readonly strings: SharedStrings,
    private readonly part: string,
    private readonly sheetName: string,
  ) {}

  private fail(message: string): never {
    throw new SheetReadError(`The sheet "${this.sheetName}" ${message}`);
  }

  open(local: string, attrs: string, empty: boolean): void {
    if (this.inCell) {
      if (local === 'v') {
        this.value.value = '';
        this.hasValue = true;
        this.target = this.value;
        this.collecting = !empty;
      } else if (local === 'is') {
        this.inInline = !empty;
        this.hasInline = true;
        this.inline.value = '';
      } else if (this.inInline) {
        if (local === 'rPh') {
          if (!empty) this.phonetic++;
        } else if (local === 't' && this.phonetic === 0) {
          this.target = this.inline;
          this.collecting = !empty;
        }
      }
      return;
    }
    if (this.cells) {
      if (local !== 'c') return;
      const ref = rawAttribute(attrs, 'r');
      const col = ref === undefined ? -1 : columnOf(ref);
      this.column = col >= 0 ? col : this.column + 1;
      const t = rawAttribute(attrs, 't');
      this.type = t !== undefined && CELL_TYPES.has(t) ? t : 'n';
      this.inCell = true;
      this.hasValue = false;
      this.hasInline = false;
      this.inInline = false;
      this.phonetic = 0;
      return;
    }
    if (local === 'sheetData') this.inData = !empty;
    else if (local === 'row' && this.inData) {
      const r = rawAttribute(attrs, 'r');
      let n = this.rowNumber + 1;
      if (r !== undefined) {
        if (!/^\s*\d{1,9}\s*$/.test(r) || Number(r) < 1) this.fail(`has a row numbered "${r.slice(0, 20)}", not a row number.`);
        n = Number(r);
      }
      this.rowNumber = n;
      this.cells = [];
      this.column = -1;
    }
  }

  close(local: string): boolean {
    if (this.inCell) {
      if (local === 'v' || local === 't') {
        this.collecting = false;
        this.target = null;
      } else if (local === 'rPh') this.phonetic = Math.max(0, this.phonetic - 1);
      else if (local === 'is') this.inInline = false;
      else if (local === 'c') {
        this.inCell = false;
        this.collecting = false;
        this.target = null;
        this.setCell(this.cellValue());
      }
      return false;
    }
    if (local === 'row' && this.cells) {
      if (this.cells.length > 0) this.rows.push({ rowNumber: this.rowNumber, cells: this.cells });
      this.cells = null;
      return false;
    }
    // Nothing after the rows is read.
    return local === 'sheetData' && this.inData;
  }

  text(raw: string): void {
    this.target?.add(raw, this.part);
  }

  private cellValue(): CellValue {
    const v = this.hasValue ? this.value.value : null;
    switch (this.type) {
      case 's': {
        if (v === null || v.trim() === '') return null;
        const index = Number(v.trim());
        const text = Number.isInteger(index) ? this.strings.get(index) : undefined;
        if (text === undefined) this.fail(`has a cell (row ${this.rowNumber}) pointing to shared string ${v.trim().slice(0, 20)}, which the workbook does not have.`);
        return text;
      }
      case 'inlineStr':
        if (this.hasInline) return decodeText(this.inline.value);
        return v === null ? null : decodeText(v);
      case 'str':
        return v === null ? null : decodeText(v);
      case 'b': {
        const t = v?.trim();
        return t === '1' || t === 'true' ? true : t === '0' || t === 'false' ? false : null;
      }
      case 'e':
        return null;
      case 'd':
        return v === null ? null : isoDate(decodeXml(v));
      default:
        return v === null ? null : numberOf(v.includes('&') ? decodeXml(v) : v);
    }
  }

  private setCell(value: CellValue): void {
    if (value === null) return;
    const col = this.column;
    if (col >= MAX_SHEET_COLUMNS) throw new SheetReadError(`Row ${this.rowNumber} has a value beyond column IV (the last of ${MAX_SHEET_COLUMNS} columns read).`);
    const cells = this.cells!;
    while (cells.length < col) cells.push(null);
    cells[col] = value;
  }
}

async function* readSheet(buf: Buffer, part: ZipEntry, name: string, strings: SharedStrings): AsyncGenerator<SheetRow> {
  const handler = new SheetHandler(strings, part.name, name);
  const scanner = new XmlScanner(handler, part.name);
  for await (const text of entryText(buf, part)) {
    scanner.push(text);
    if (handler.rows.length) {
      const rows = handler.rows.splice(0);
      for (const row of rows) yield row;
    }
    if (scanner.done) return;
  }
  scanner.end();
}

// ---- the workbook ----

/** The shared strings, read once for all the sheets while a sheet is being read; a spilled table is let go when no sheet reads it. */
class StringsLease {
  private store: Promise<SharedStrings> | null = null;
  private users = 0;
  constructor(
    private readonly buf: Buffer,
    private readonly entry: ZipEntry | null,
  ) {}
  async acquire(): Promise<SharedStrings> {
    this.users++;
    try {
      this.store ??= readSharedStrings(this.buf, this.entry);
      return await this.store;
    } catch (err) {
      this.store = null;
      this.users--;
      throw err;
    }
  }
  async release(): Promise<void> {
    if (--this.users > 0 || !this.store) return;
    const store = await this.store;
    if (store.spilled && this.users === 0) {
      store.close();
      this.store = null;
    }
  }
}

function readable(err: unknown): unknown {
  if (err instanceof SheetReadError) return err;
  if (err instanceof ZipError) return new SheetReadError(`The file is not a readable xlsx: ${err.message}`);
  return new SheetReadError(`The workbook could not be read: ${(err as Error)?.message ?? String(err)}`);
}

/** The visible worksheets of an xlsx (verified as a zip here again), each readable row by row. */
export async function openWorkbook(buf: Buffer): Promise<OpenedWorkbook> {
  let facts: WorkbookFacts;
  try {
    const entries = await verifyZip(buf);
    facts = await workbookFacts(buf, entries);
  } catch (err) {
    throw readable(err);
  }
  const strings = new StringsLease(buf, facts.sharedStrings);
  const sheets = facts.sheets.map(({ name, part }) => ({
    name,
    rows: (): AsyncIterable<SheetRow> => ({
      async *[Symbol.asyncIterator]() {
        let store: SharedStrings;
        try {
          store = await strings.acquire();
        } catch (err) {
          throw readable(err);
        }
        try {
          yield* readSheet(buf, part, name, store);
        } catch (err) {
          throw readable(err);
        } finally {
          await strings.release();
        }
      },
    }),
  }));
  return { date1904: facts.date1904, sheets };
}

/** The first visible worksheet of an xlsx, its rows to be read. */
export async function openSheet(buf: Buffer): Promise<OpenedSheet> {
  const workbook = await openWorkbook(buf);
  return { date1904: workbook.date1904, rows: workbook.sheets[0]!.rows() };
}

// ---- exceljs values ----

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** An exceljs cell value as CellValue: rich text joined, a formula's result, a link's text, errors as null. */
export function toCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'object') return null;
  if (own(value, 'richText')) {
    const runs = (value as { richText: unknown }).richText;
    return Array.isArray(runs) ? runs.map((r: unknown) => (r && typeof (r as { text?: unknown }).text === 'string' ? (r as { text: string }).text : '')).join('') : null;
  }
  if (own(value, 'error')) return null;
  if (own(value, 'formula') || own(value, 'sharedFormula') || own(value, 'result')) return toCellValue((value as { result?: unknown }).result);
  if (own(value, 'text')) return toCellValue((value as { text?: unknown }).text);
  return null; // a shared string index without the table, or anything else unexpected
}
