/**
 * One worksheet of an xlsx, read row by row (decision 0042): its part streamed through inflate and
 * the XML scanner as it comes, nothing of it held but the chunk in hand and the row being built.
 */
import type { CellValue } from '@portal/domain';
import type { ZipEntry } from './zip.js';
import type { SharedStrings } from './sheet-strings.js';
import { decodeText, decodeXml, entryText, rawAttribute, SheetReadError, TextBuffer, XmlScanner, type XmlHandler } from './sheet-xml.js';

export interface SheetRow {
  /** 1-based, as Excel shows it. */
  rowNumber: number;
  cells: CellValue[];
}

/** Columns A to IV (Excel 2003's width). A row with a value further right is refused: rows are handed over whole. */
export const MAX_SHEET_COLUMNS = 256;

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

export async function* readSheet(buf: Buffer, part: ZipEntry, name: string, strings: SharedStrings): AsyncGenerator<SheetRow> {
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

