import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellDate, type CellValue } from '@portal/domain';
import { openSheet, openWorkbook } from './sheet-reader.js';
import { MAX_SHEET_COLUMNS, type SheetRow } from './sheet-rows.js';
import { SharedStrings } from './sheet-strings.js';
import { SheetReadError } from './sheet-xml.js';
import { writeXlsx } from './xlsx-writer.js';
import { writeZip } from './zip.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/sheets');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const HEADER = ['Employee ID', 'Full Name', 'Monthly Salary', 'Joining Date', 'Salary Account Number'];

async function all(rows: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}
async function sheetsOf(buf: Buffer) {
  const wb = await openWorkbook(buf);
  const sheets: Record<string, SheetRow[]> = {};
  for (const s of wb.sheets) sheets[s.name] = await all(s.rows());
  return { date1904: wb.date1904, names: wb.sheets.map((s) => s.name), sheets };
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = (t: string) => `${NS_R}/${t}`;
interface HandSheet {
  name: string;
  xml: string | Buffer;
  state?: string;
  type?: string;
}
/** A workbook written by hand, part by part, for what no writer at hand produces. */
async function handWorkbook(sheets: HandSheet[], options: { sst?: string | Buffer; date1904?: boolean } = {}): Promise<Buffer> {
  const rels = sheets.map((s, i) => `<Relationship Id="rId${i + 1}" Type="${TYPE(s.type ?? 'worksheet')}" Target="worksheets/sheet${i + 1}.xml"/>`);
  if (options.sst !== undefined) rels.push(`<Relationship Id="rIdS" Type="${TYPE('sharedStrings')}" Target="sharedStrings.xml"/>`);
  const workbook =
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${NS_R}">${options.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>` +
    sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`).join('') +
    '</sheets></workbook>';
  return writeZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>` },
    ...(options.sst !== undefined ? [{ name: 'xl/sharedStrings.xml', data: options.sst }] : []),
    ...sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: s.xml })),
  ]);
}
const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`;

describe('openWorkbook with files from openpyxl', () => {
  it('lists the cover sheet before the data sheet, reads the data sheet without reading the cover, dates as serials, numbers stored as text, empty rows skipped with row numbers kept, a wide sparse row', async () => {
    const wb = await openWorkbook(fixture('openpyxl-cover.xlsx'));
    expect(wb.date1904).toBe(false);
    expect(wb.sheets.map((s) => s.name)).toEqual(['Cover', 'Employees']);
    const rows = await all(wb.sheets[1]!.rows());
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 6, 8]);
    expect(rows[0]!.cells).toEqual(HEADER);
    expect(rows[1]!.cells).toEqual(['EMP001', 'Rahul Sharma', 25000, 46113, '0050100123456789']);
    expect(cellDate(rows[1]!.cells[3]!)).toBe('2026-04-01');
    expect(cellDate(rows[2]!.cells[3]!)).toBe('2025-12-31');
    expect(rows[2]!.cells[2]).toBe(32000.5);
    // openpyxl writes a formula without a cached result: nothing to read.
    expect(rows[3]!.cells).toEqual(['EMP003', 'Arjun  Patel ', null, '15/05/2026', 50100123456789]);
    const sparse = rows[4]!.cells;
    expect(sparse.length).toBe(MAX_SHEET_COLUMNS);
    expect([sparse[0], sparse[25], sparse[255]]).toEqual(['sparse', true, 'last column']);
    expect(sparse.filter((c) => c !== null)).toHaveLength(3);
    // The cover is still there to read, on its own.
    expect((await all(wb.sheets[0]!.rows())).map((r) => [r.rowNumber, r.cells])).toEqual([
      [1, ['Payroll upload, April 2026']],
      [3, ['Prepared by', 'HR team']],
    ]);
  });

  it('skips a hidden first sheet', async () => {
    const { names, sheets } = await sheetsOf(fixture('openpyxl-hidden-first.xlsx'));
    expect(names).toEqual(['Data']);
    expect(sheets.Data!.map((r) => r.cells)).toEqual([HEADER, ['EMP010', 'Meera Iyer', 41000, 45351]]);
    const first = await openSheet(fixture('openpyxl-hidden-first.xlsx'));
    expect((await all(first.rows))[1]!.cells[0]).toBe('EMP010');
  });

  it('reads the 1904 date system', async () => {
    const { date1904, sheets } = await sheetsOf(fixture('openpyxl-1904.xlsx'));
    expect(date1904).toBe(true);
    const row = sheets.Employees![1]!;
    expect(cellDate(row.cells[3]!, date1904)).toBe('2026-04-01');
    expect(cellDate(row.cells[3]!, false)).not.toBe('2026-04-01');
    expect(row.cells[4]).toBe('000123');
  });
});

describe('openWorkbook with files from LibreOffice Calc', () => {
  it('leaves the hidden sheet out, keeps the cover, reads shared strings with entities, dates, cached formula results and numbers as text', async () => {
    const { date1904, names, sheets } = await sheetsOf(fixture('libreoffice-cover.xlsx'));
    expect(date1904).toBe(false);
    expect(names).toEqual(['Read me', 'Employees']);
    const rows = sheets.Employees!;
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 4]);
    expect(rows[0]!.cells).toEqual([...HEADER, 'Bonus', 'Active']);
    // LibreOffice saves booleans as numbers with a boolean format.
    expect(rows[1]!.cells).toEqual(['EMP100', 'Kavita & Co <HR>', 25000, 46113, '0050100123456789', 2500, 1]);
    expect(rows[2]!.cells).toEqual(['EMP101', 'Deepak Joshi', 18000.75, 36525, '00042', 'AB', 0]);
    expect(cellDate(rows[2]!.cells[3]!)).toBe('1999-12-31');
  });

  it('reads the 1904 date system', async () => {
    const { date1904, sheets } = await sheetsOf(fixture('libreoffice-1904.xlsx'));
    expect(date1904).toBe(true);
    expect(cellDate(sheets.Employees![1]!.cells[3]!, date1904)).toBe('2026-04-01');
  });
});

describe('openWorkbook with files from exceljs and the portal itself', () => {
  it('reads an exceljs workbook (shared strings, dates, data descriptors) as exceljs itself does', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('People');
    ws.addRow(['Name', 'Joined', 'Salary', 'OK']);
    ws.addRow(['Asha', new Date(Date.UTC(2026, 3, 1)), 1234.5, true]);
    ws.addRow([{ richText: [{ text: 'Ri' }, { font: { bold: true }, text: 'ch' }] }, { formula: 'C2*2', result: 2469 }, { error: '#N/A' }, null]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const rows = await all((await openSheet(buf)).rows);
    expect(rows.map((r) => r.cells)).toEqual([['Name', 'Joined', 'Salary', 'OK'], ['Asha', 46113, 1234.5, true], ['Rich', 2469]]);
  });

  it('reads inline strings as the portal writes them', async () => {
    const buf = await writeXlsx({ name: 'Out', header: ['A', 'B'], rows: [{ cells: ['  spaced  ', 'x & <y>'] }, { cells: [null, 7], rowNumber: 9 }] });
    const rows = await all((await openSheet(buf)).rows);
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['A', 'B'] },
      { rowNumber: 2, cells: ['  spaced  ', 'x & <y>'] },
      { rowNumber: 9, cells: [null, 7] },
    ]);
  });
});

describe('openWorkbook with hand-written parts', () => {
  it('reads every cell type the format has', async () => {
    const sst =
      `<sst xmlns="${NS}" count="3"><si><t>plain</t></si><si><r><rPr><b/></rPr><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si>` +
      `<si><t>line_x000D_break &amp; &#x20B9;</t></si><si/></sst>`;
    const rows =
      '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="s"><v>2</v></c><c r="D2" t="s"><v>3</v></c></row>' +
      '<row r="3"><c r="A3" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r><rPh><t>X</t></rPh></is></c><c r="B3" t="str"><f>A3&amp;"!"</f><v>inline!</v></c>' +
      '<c r="C3" t="b"><v>1</v></c><c r="D3" t="b"><v>0</v></c><c r="E3" t="e"><v>#DIV/0!</v></c><c r="F3" t="d"><v>2026-04-01T00:00:00</v></c>' +
      '<c r="G3"><v>1.5E3</v></c><c r="H3" s="4"/><c r="I3"><f>1/0</f></c><c r="J3" t="n"><v>-0.25</v></c></row>' +
      // No r attributes: rows and cells follow on. CDATA and a comment inside a value.
      '<row><c><v>1</v></c><c t="inlineStr"><is><t><![CDATA[a<b&c]]></t></is></c></row>' +
      '<row r="10" spans="1:3" ht="20" customHeight="1"/><row r="11"><c r="B11" s="3"/></row>' +
      '<row r="12"><c r="C12"><v><!-- note -->42</v></c></row>';
    const buf = await handWorkbook([{ name: 'All', xml: sheetXml(rows) }], { sst });
    const got = await all((await openSheet(buf)).rows);
    expect(got).toEqual([
      { rowNumber: 2, cells: ['plain', 'rich ', 'line\rbreak & ₹', ''] },
      { rowNumber: 3, cells: ['inline', 'inline!', true, false, null, new Date(Date.UTC(2026, 3, 1)), 1500, null, null, -0.25] },
      { rowNumber: 4, cells: [1, 'a<b&c'] },
      { rowNumber: 12, cells: [null, null, 42] },
    ]);
  });

  it('reads prefixed elements, single quotes, a ">" inside a quoted value, a UTF-16 part, and stops after the rows', async () => {
    const xml =
      `<?xml version="1.0" encoding="UTF-16"?><x:worksheet xmlns:x="${NS}"><x:sheetData><x:row r='1' x14:note="a>b"><x:c r='B1' t='inlineStr'><x:is><x:t>Grüße</x:t></x:is></x:c></x:row></x:sheetData>` +
      '<x:mergeCells count="1"><x:mergeCell ref="A1:B1"/></x:mergeCells></x:worksheet>';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const got = await all((await openSheet(await handWorkbook([{ name: 'P', xml: utf16 }]))).rows);
    expect(got).toEqual([{ rowNumber: 1, cells: [null, 'Grüße'] }]);
  });

  it('skips chart sheets and hidden sheets, and gives every worksheet when all are hidden', async () => {
    const one = (text: string) => sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row>`);
    const wb = await openWorkbook(
      await handWorkbook([
        { name: 'Chart', xml: '<chartsheet/>', type: 'chartsheet' },
        { name: 'Hidden', xml: one('hidden'), state: 'hidden' },
        { name: 'Very', xml: one('very'), state: 'veryHidden' },
        { name: 'Second', xml: one('second') },
        { name: 'Third', xml: one('third') },
      ]),
    );
    expect(wb.sheets.map((s) => s.name)).toEqual(['Second', 'Third']);
    // The third sheet is read without reading the second.
    expect((await all(wb.sheets[1]!.rows()))[0]!.cells).toEqual(['third']);
    const hidden = await openWorkbook(await handWorkbook([{ name: 'H1', xml: one('h1'), state: 'hidden' }, { name: 'H2', xml: one('h2'), state: 'hidden' }]));
    expect(hidden.sheets.map((s) => s.name)).toEqual(['H1', 'H2']);
  });

  it('refuses with a clear message: a value past column IV, a missing shared string, broken XML, no worksheet, not an xlsx', async () => {
    const read = async (buf: Buffer) => all((await openSheet(buf)).rows);
    await expect(read(await handWorkbook([{ name: 'W', xml: sheetXml('<row r="4"><c r="IW4"><v>1</v></c></row>') }]))).rejects.toThrow(
      new SheetReadError('Row 4 has a value beyond column IV (the last of 256 columns read).'),
    );
    await expect(read(await handWorkbook([{ name: 'S', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>5</v></c></row>') }], { sst: `<sst xmlns="${NS}"><si><t>a</t></si></sst>` }))).rejects.toThrow(
      /The sheet "S" has a cell \(row 1\) pointing to shared string 5, which the workbook does not have/,
    );
    await expect(read(await handWorkbook([{ name: 'B', xml: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row') + '<' }]))).rejects.toThrow(/not well-formed XML/);
    await expect(read(await handWorkbook([{ name: 'R', xml: sheetXml('<row r="x"><c r="A1"><v>1</v></c></row>') }]))).rejects.toThrow(/row numbered "x"/);
    await expect(openWorkbook(await handWorkbook([{ name: 'C', xml: '<chartsheet/>', type: 'chartsheet' }]))).rejects.toThrow(/no worksheet/);
    await expect(openWorkbook(Buffer.from('not a zip at all, just text'))).rejects.toThrow(/The file is not a readable xlsx: zip corrupt/);
    await expect(openWorkbook(await writeZip([{ name: 'word/document.xml', data: '<w/>' }]))).rejects.toThrow(/not an Excel workbook/);
  });

  it('refuses a text longer than a cell can be, without holding the whole of it', async () => {
    // Random letters: a run of one letter would be refused at the door for its compression ratio.
    const big = randomBytes(800 * 1024).toString('base64').replace(/[+/=]/g, 'x');
    const buf = await handWorkbook([{ name: 'L', xml: sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${big}</t></is></c></row>`) }]);
    await expect(all((await openSheet(buf)).rows)).rejects.toThrow(/a text longer than 1048576 characters/);
  });
});

describe('SharedStrings', () => {
  it('keeps strings in memory up to its bound and the rest in a temporary file, reading both back', () => {
    const store = new SharedStrings(1000);
    const texts: string[] = [];
    for (let i = 0; i < 5000; i++) texts.push(i % 7 === 0 ? '' : `${i} ₹ naïve ${'z'.repeat(i % 50)}`);
    for (const t of texts) store.add(t);
    store.finish();
    expect(store.spilled).toBe(true);
    expect(store.count).toBe(5000);
    for (const i of [0, 1, 10, 999, 4999, 2500, 3, 4998]) expect(store.get(i)).toBe(texts[i]);
    expect(texts.every((t, i) => store.get(i) === t)).toBe(true);
    expect(store.get(5000)).toBeUndefined();
    expect(store.get(-1)).toBeUndefined();
    store.close();
  });

  it('stays in memory when small', () => {
    const store = new SharedStrings();
    for (const t of ['a', 'bb', '']) store.add(t);
    store.finish();
    expect(store.spilled).toBe(false);
    expect([0, 1, 2].map((i) => store.get(i))).toEqual(['a', 'bb', '']);
  });
});

describe('a sheet larger than one chunk', () => {
  it('reads 5,000 rows with shared strings the same as exceljs does', { timeout: 30_000 }, async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Big');
    ws.addRow(['ID', 'Name', 'Amount', 'Note']);
    for (let n = 1; n <= 5_000; n++) ws.addRow([`EMP${n}`, `Name ${n % 300} & co`, n * 1.25, n % 3 === 0 ? null : `note ${n}`]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const rows = await all((await openSheet(buf)).rows);
    expect(rows).toHaveLength(5_001);
    const expected: CellValue[][] = [];
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(buf as unknown as ExcelJS.Buffer);
    again.worksheets[0]!.eachRow((row) => expected.push((row.values as CellValue[]).slice(1).map((v) => v ?? null)));
    expect(rows.map((r) => r.cells)).toEqual(expected.map((cells) => (cells.at(-1) === null ? cells.slice(0, -1) : cells)));
    expect(rows.at(-1)!.rowNumber).toBe(5_001);
  });
});
