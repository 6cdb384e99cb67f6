/**
 * The shared strings of an xlsx (decision 0042): streamed through the XML scanner once, the first
 * time a sheet is read, into one UTF-8 byte store plus an offsets table (no JS string per entry);
 * past MEMORY_STRINGS_BYTES the store goes on in an unlinked temporary file, read back a string at
 * a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ZipEntry } from './zip.js';
import { decodeText, entryText, SheetReadError, TextBuffer, XmlScanner, type XmlHandler } from './sheet-xml.js';

/** Shared strings kept in memory; the rest goes to a temporary file. */
const MEMORY_STRINGS_BYTES = 8 * 1024 * 1024;

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

/** The shared strings, read once for all the sheets while a sheet is being read; a spilled table is let go when no sheet reads it. */
export class StringsLease {
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

