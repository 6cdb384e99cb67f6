/**
 * Reading the first worksheet of an uploaded xlsx, row by row, with exceljs's streaming reader
 * (security.md "Files": exceljs runs out of memory on large files when it loads them whole).
 *
 * The archive passes verifyZip first. exceljs is then not given the upload itself but a new zip
 * made of the verified compressed bytes (copied, not inflated again) of the first sheet and the
 * shared strings, behind a generated workbook: so exceljs sees exactly what was checked, in the
 * order it streams best (shared strings before the sheet, no temporary files), whatever order
 * and names the original used, and nothing else of the workbook is parsed. Which sheet comes
 * first and the 1904 date system are read here from workbook.xml, which the streaming reader does
 * not hand over.
 *
 * Cells come out as CellValue, column A at index 0. Styles are not read, so dates arrive as Excel
 * serial numbers (cellDate turns them into days, `date1904` says from which epoch). Nothing is
 * keyed by text from the sheet.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue } from '@portal/domain';
import { assembleZip, copiedEntry, readEntry, storedEntry, verifyZip, ZipError, type ZipEntry } from './zip.js';

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

/** Columns A to IV (Excel 2003's width). A row reaching further is refused: rows are handed over whole. */
export const MAX_SHEET_COLUMNS = 256;
const YIELD_EVERY_ROWS = 500;
const MAX_PART_BYTES = 10 * 1024 * 1024;
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

// ---- workbook.xml and its relationships, read with plain patterns (verifyZip refused any DTD) ----

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITY[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
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
  let path = target;
  try {
    path = decodeURIComponent(target);
  } catch {
    // not percent-encoded after all
  }
  const segments = path.startsWith('/') ? [] : ['xl'];
  for (const s of path.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segments.pop();
    else segments.push(s);
  }
  return segments.join('/');
}

interface WorkbookFacts {
  date1904: boolean;
  sheetPart: string;
  sharedStringsPart: string | null;
}

async function workbookFacts(buf: Buffer, entries: Map<string, ZipEntry>): Promise<WorkbookFacts> {
  const workbookEntry = entries.get('xl/workbook.xml');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbookEntry || !relsEntry) throw new SheetReadError('The file is not an Excel workbook (xl/workbook.xml or its relationships are missing).');
  const strip = (xml: string) => xml.replace(/<!--[\s\S]*?-->/g, '');
  const workbook = strip((await readEntry(buf, workbookEntry, MAX_PART_BYTES)).toString('utf8'));
  const rels = strip((await readEntry(buf, relsEntry, MAX_PART_BYTES)).toString('utf8'));

  const props = elements(workbook, 'workbookPr')[0];
  const date1904 = props ? isTrue(attribute(attributes(props), 'date1904', false)) : false;

  const sheetsAt = workbook.search(/<(?:[\w.-]+:)?sheets[\s>]/);
  const sheets = sheetsAt < 0 ? [] : elements(workbook.slice(sheetsAt), 'sheet').map(attributes);
  if (sheets.length === 0) throw new SheetReadError('The workbook has no sheets.');
  // The first tab the user sees: hidden sheets are passed over unless every sheet is hidden.
  const first = sheets.find((s) => !/hidden/i.test(attribute(s, 'state', false) ?? '')) ?? sheets[0]!;
  const rid = attribute(first, 'id', true);

  const relations = elements(rels, 'Relationship').map(attributes);
  const rel = relations.find((r) => attribute(r, 'Id', false) === rid);
  if (!rid || !rel) throw new SheetReadError('The first sheet of the workbook has no part.');
  if (!(attribute(rel, 'Type', false) ?? '').endsWith('/worksheet')) throw new SheetReadError('The first sheet of the workbook is not a worksheet (a chart sheet or macro sheet cannot be read).');
  if (/external/i.test(attribute(rel, 'TargetMode', false) ?? '')) throw new SheetReadError('The first sheet of the workbook points outside the file.');
  const sheetPart = resolveTarget(attribute(rel, 'Target', false) ?? '');
  if (!entries.has(sheetPart) || !sheetPart.endsWith('.xml')) throw new SheetReadError(`The first sheet's part ${sheetPart} is missing from the file.`);

  const sst = relations.find((r) => (attribute(r, 'Type', false) ?? '').endsWith('/sharedStrings'));
  const sstPart = sst ? resolveTarget(attribute(sst, 'Target', false) ?? '') : 'xl/sharedStrings.xml';
  const sharedStringsPart = entries.has(sstPart) && sstPart.endsWith('.xml') ? sstPart : null;
  return { date1904, sheetPart, sharedStringsPart };
}

/** The zip exceljs reads: generated relationships and workbook, the shared strings, then the one sheet. */
function readerInput(buf: Buffer, entries: Map<string, ZipEntry>, facts: WorkbookFacts): Buffer {
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const sharedStrings = facts.sharedStringsPart
    ? copiedEntry(buf, entries.get(facts.sharedStringsPart)!, 'xl/sharedStrings.xml')
    : storedEntry('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS_MAIN}"/>`);
  return assembleZip([
    storedEntry('xl/_rels/workbook.xml.rels', rels),
    storedEntry('xl/workbook.xml', workbook),
    sharedStrings,
    copiedEntry(buf, entries.get(facts.sheetPart)!, 'xl/worksheets/sheet1.xml'),
  ]);
}

// ---- cells ----

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

function rowCells(values: unknown, rowNumber: number): CellValue[] {
  const cells: CellValue[] = [];
  if (!Array.isArray(values)) return cells;
  // exceljs's row.values is 1-based and sparse: forEach visits the cells that exist.
  values.forEach((v: unknown, col: number) => {
    if (col < 1) return;
    if (col > MAX_SHEET_COLUMNS) throw new SheetReadError(`Row ${rowNumber} has a value beyond column IV (the last of ${MAX_SHEET_COLUMNS} columns read).`);
    const cell = toCellValue(v);
    if (cell === null) return;
    while (cells.length < col - 1) cells.push(null);
    cells[col - 1] = cell;
  });
  return cells;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* readRows(input: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(input), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let count = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const rowNumber = row.number;
        if (!Number.isInteger(rowNumber) || rowNumber < 1) throw new SheetReadError('A row of the first sheet has no row number.');
        yield { rowNumber, cells: rowCells(row.values, rowNumber) };
        if (++count % YIELD_EVERY_ROWS === 0) await tick();
      }
      break; // the input holds one sheet; never read on
    }
  } catch (err) {
    if (err instanceof SheetReadError) throw err;
    throw new SheetReadError(`The first sheet of the workbook could not be read: ${(err as Error)?.message ?? String(err)}`);
  }
}

/** The first worksheet of an xlsx (verified as a zip here again), its rows to be read once. */
export async function openSheet(buf: Buffer): Promise<OpenedSheet> {
  try {
    const entries = await verifyZip(buf);
    const facts = await workbookFacts(buf, entries);
    const input = readerInput(buf, entries, facts);
    return { date1904: facts.date1904, rows: { [Symbol.asyncIterator]: () => readRows(input) } };
  } catch (err) {
    if (err instanceof ZipError) throw new SheetReadError(`The file is not a readable xlsx: ${err.message}`);
    throw err;
  }
}
