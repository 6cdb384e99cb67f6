/**
 * A one-sheet xlsx written by hand (processed sheets, sample files): header row bold and frozen,
 * text as inline strings made formula-safe (security.md Exports, ASVS 5.0 V1.2.10), numbers as
 * numbers, offending cells filled light red. The sheet XML is built in chunks of rows with a turn
 * of the event loop between them, and packed by yazl (zip.ts), which deflates off the loop. The
 * portal's one xlsx writer (its XML is ours, decision 0042): the downloads (employee report,
 * transactions and salary top-up reports, activity trail) and the demo's leave sheets use it too,
 * the reports through streamXlsx, which writes the same workbook into a stream while its rows are
 * still being read.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { spreadsheetSafeText } from '@portal/domain';
import { writeZip, zipEntries } from './zip.js';

export interface XlsxRow {
  cells: readonly (string | number | null)[];
  /** The row's number in the sheet (1-based); by default the next after the previous row. Must increase. */
  rowNumber?: number;
  /** 0-based indexes of the cells to fill light red. */
  highlight?: ReadonlySet<number>;
}
export interface XlsxSheet {
  name: string;
  header: readonly string[];
  /** An async iterable is written as it is produced (a sheet read again row by row). */
  rows: Iterable<XlsxRow> | AsyncIterable<XlsxRow>;
  /** Character widths per column; by default from the header. */
  columnWidths?: readonly number[];
  /** The header's row number (1-based, default 1): a processed sheet keeps the rows where the uploaded file had them. */
  headerRow?: number;
}

const ROWS_PER_CHUNK = 1000;
/** Excel refuses a cell longer than this. */
const MAX_CELL_CHARS = 32_767;
const STYLE_BOLD = 1;
const STYLE_HIGHLIGHT = 2;
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`;
// Fonts: regular, bold. Fills: the two Excel reserves, then light red. Cell formats: 0 plain, 1 bold, 2 highlighted.
const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFFFC7CE"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="2" borderId="0" xfId="0" applyFill="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const NEEDS_WORK = /[<>&"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', '\r': '&#13;' };

/** Text as XML content: characters XML cannot carry removed, markup escaped (CR as a reference, so it survives). */
export function xmlText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(INVALID_XML, '').replace(/[<>&"\r]/g, (c) => ESCAPES[c]!);
}

/** A valid sheet name: no : \ / ? * [ ], not empty, at most 31 characters, not quoted at either end. */
export function sheetName(name: string): string {
  const clean = name.replace(INVALID_XML, '').replace(/[:\\/?*[\]]/g, ' ').replace(/^'+|'+$/g, '').trim();
  return [...clean].slice(0, 31).join('').trim() || 'Sheet1';
}

const letters: string[] = [];
/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let s = letters[index];
  if (s === undefined) {
    s = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    letters[index] = s;
  }
  return s;
}

function cellXml(ref: string, value: string | number | null | undefined, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : style ? `<c r="${ref}"${s}/>` : '';
  if (value === null || value === undefined || value === '') return style ? `<c r="${ref}"${s}/>` : '';
  const safe = spreadsheetSafeText(value);
  // A pair cut in two by the slice is removed by xmlText.
  const text = xmlText(safe.length > MAX_CELL_CHARS ? safe.slice(0, MAX_CELL_CHARS) : safe);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<Buffer> {
  const widths = sheet.header.map((h, i) => sheet.columnWidths?.[i] ?? Math.min(50, Math.max(10, [...h].length + 4)));
  const cols = widths.length
    ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.max(1, Math.min(255, w))}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const top = Math.max(1, Math.floor(sheet.headerRow ?? 1));
  let chunk =
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetViews><sheetView workbookViewId="0">` +
    `<pane ySplit="${top}" topLeftCell="A${top + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A${top + 1}" sqref="A${top + 1}"/>` +
    `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData><row r="${top}">`;
  sheet.header.forEach((h, i) => {
    chunk += cellXml(`${columnLetter(i)}${top}`, h, STYLE_BOLD);
  });
  chunk += '</row>';
  let r = top;
  let inChunk = 0;
  for await (const row of sheet.rows) {
    // Rows must increase (Excel refuses a sheet whose rows go back): a number at or before the last is moved on.
    r = row.rowNumber !== undefined && row.rowNumber > r ? Math.floor(row.rowNumber) : r + 1;
    let xml = `<row r="${r}">`;
    const { cells, highlight } = row;
    for (let i = 0; i < cells.length; i++) xml += cellXml(columnLetter(i) + r, cells[i], highlight?.has(i) ? STYLE_HIGHLIGHT : 0);
    // A highlighted column past the row's last cell still shows.
    if (highlight && highlight.size) {
      const past = [...highlight].filter((i) => i >= cells.length && Number.isInteger(i)).sort((a, b) => a - b);
      for (const i of past) xml += cellXml(columnLetter(i) + r, null, STYLE_HIGHLIGHT);
    }
    chunk += `${xml}</row>`;
    if (++inChunk === ROWS_PER_CHUNK) {
      yield Buffer.from(chunk, 'utf8');
      chunk = '';
      inChunk = 0;
      await tick();
    }
  }
  chunk += '</sheetData></worksheet>';
  yield Buffer.from(chunk, 'utf8');
}

/** The parts of the workbook before its sheet, in archive order. */
function fixedParts(sheet: XlsxSheet): { name: string; data: string }[] {
  const workbook =
    `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews>` +
    `<sheets><sheet name="${xmlText(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/styles.xml', data: STYLES },
  ];
}
const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** The workbook as xlsx bytes. */
export async function writeXlsx(sheet: XlsxSheet): Promise<Buffer> {
  return writeZip([...fixedParts(sheet), { name: SHEET_PART, data: sheetXml(sheet) }]);
}

// ---- streamed into a writable (downloads) ----

/** Thrown when the reader of a streamed workbook went away before the end. */
export class XlsxStreamClosed extends Error {
  constructor() {
    super('the client went away during the download');
  }
}

/**
 * The same workbook as writeXlsx, written into `out` while the rows are produced (a report read
 * from a database cursor): yazl deflates the sheet as its XML comes and its output is piped into
 * `out`, so the rows are read on only while `out` takes them and memory stays at a few buffers
 * whatever the number of rows. The sheet's entry carries a data descriptor (its sizes follow its
 * data), as streaming zip writers do. Ends `out`; throws XlsxStreamClosed when `out` is closed or
 * destroyed first (the rows are then no longer read).
 */
export async function streamXlsx(sheet: XlsxSheet, out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new XlsxStreamClosed();
  const rows = Readable.from(sheetXml(sheet), { objectMode: false });
  const zip = zipEntries([...fixedParts(sheet), { name: SHEET_PART, data: rows }]);
  // yazl reports a failing source (the rows' query) on the archive, not on its output.
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  try {
    await Promise.race([pipeline(zip.outputStream, out), failed]);
  } catch (err) {
    // The rows are read no further (the generator is returned, so its query ends).
    rows.destroy();
    (zip.outputStream as Readable).destroy();
    if (isPrematureClose(err) || out.destroyed) throw new XlsxStreamClosed();
    throw err;
  }
}

const isPrematureClose = (err: unknown) => (err as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
