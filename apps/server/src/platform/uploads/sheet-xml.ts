/**
 * The xlsx reader's lowest layer (decision 0042): an entry's bytes inflated and decoded as text in
 * the encoding the part declares, and a streaming XML scanner that hands tags, and text only where
 * its handler collects it, to a handler. Nothing of a part is held but the chunk in hand and one
 * unfinished tag (at most MAX_MARKUP_CHARS) or one collected text (at most MAX_TEXT_CHARS).
 */
import { TextDecoder } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import { entryData, type ZipEntry } from './zip.js';

export class SheetReadError extends Error {}

/** One cell's text (Excel's own limit is 32,767 characters). */
const MAX_TEXT_CHARS = 1024 * 1024;
/** One tag, comment or CDATA section. */
const MAX_MARKUP_CHARS = 1024 * 1024;
const INFLATE_CHUNK = 128 * 1024;
const DECODE_PIECE = 32 * 1024;

// ---- entities and Excel's escapes ----

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY_REF = /&(#[xX][0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g;
export function decodeXml(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(ENTITY_REF, (whole, name: string) => {
    if (name[0] !== '#') return ENTITY[name]!;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
/** Text content: entities, line ends as XML normalises them, and Excel's _xHHHH_ escapes (ST_Xstring). */
export function decodeText(raw: string): string {
  let text = decodeXml(raw);
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  if (text.includes('_x')) text = text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text;
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
export function decodePart(bytes: Buffer, part: string): string {
  try {
    return decoderFor(bytes.subarray(0, 200), part).decode(bytes);
  } catch (err) {
    if (err instanceof SheetReadError) throw err;
    throw new SheetReadError(`The part ${part} is not valid text in its encoding.`);
  }
}

/** The entry as text, chunk by chunk, decoded in the encoding it declares (UTF-8 by default). */
export async function* entryText(buf: Buffer, entry: ZipEntry): AsyncGenerator<string> {
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

export interface XmlHandler {
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
export class XmlScanner {
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
export function rawAttribute(attrs: string, name: string): string | undefined {
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
export class TextBuffer {
  value = '';
  add(raw: string, part: string): void {
    this.value += raw;
    if (this.value.length > MAX_TEXT_CHARS) throw new SheetReadError(`The part ${part} has a text longer than ${MAX_TEXT_CHARS} characters.`);
  }
}

