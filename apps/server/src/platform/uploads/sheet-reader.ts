/**
 * Reading the worksheets of an uploaded xlsx row by row, with a streaming parser of our own
 * (security.md "Files": exceljs runs out of memory on large files, and even its streaming reader
 * keeps every shared string as a JS string and builds an object per cell).
 *
 * The archive passes verifyZip first (sizes, ratio, links, names, CRCs, no DTD or entity
 * declaration anywhere), then (decision 0042 says why this reader is ours, and how it is split):
 * - here, the workbook: workbook.xml and its relationships (small) give the worksheets in tab
 *   order, which are visible, and the 1904 date system;
 * - sheet-strings.ts: the shared strings part is streamed through inflate once, the first time a
 *   sheet is read, into one UTF-8 byte store plus an offsets table (no JS string per entry); past
 *   MEMORY_STRINGS_BYTES the store goes on in an unlinked temporary file, read back a string at a time;
 * - sheet-rows.ts: each sheet part is streamed through inflate and scanned as it comes: nothing of
 *   it is held but the chunk in hand and the row being built. Sheets are independent: reading
 *   sheet 2 does not read sheet 1;
 * - sheet-xml.ts: the parts' bytes decoded as text, and the streaming XML scanner both use.
 *
 * Cells come out as CellValue, column A at index 0: numbers; strings (shared, inline, a formula's
 * string result; rich text runs joined, phonetic runs left out, Excel's _xHHHH_ escapes decoded);
 * booleans; a formula's cached result; error cells null; `t="d"` ISO dates as Date (UTC). Styles are
 * not read, so dates stored as serial numbers stay numbers (cellDate turns them into days,
 * `date1904` says from which epoch). Rows keep their 1-based numbers; a row with no value (blank, or
 * only formatted cells) is not yielded. Nothing is keyed by text from the sheet.
 */
import { readEntry, verifyZip, ZipError, type ZipEntry } from './zip.js';
import { decodePart, decodeXml, SheetReadError } from './sheet-xml.js';
import { StringsLease, type SharedStrings } from './sheet-strings.js';
import { readSheet, type SheetRow } from './sheet-rows.js';

export type { SheetRow } from './sheet-rows.js';

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

const MAX_PART_BYTES = 10 * 1024 * 1024;

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

// ---- the workbook ----

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
