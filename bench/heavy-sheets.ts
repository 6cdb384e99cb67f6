/**
 * Two heavy xlsx files that the upload door still lets in (at most 5 MB, at most 100 MB unpacked,
 * no entry inflating more than 200 times): the cases where a reader that holds what it reads runs
 * out of memory.
 *
 * - writeHeavySharedStrings: ~97 MB of shared strings (48,000 strings of ~2 KB each, all
 *   different), used by a 24,000-row sheet under the employee sheet's header.
 * - writeSparseMillion: 1,000,000 number cells, 20 a row scattered over columns A to IV, in
 *   50,000 rows under the employee sheet's header.
 *
 * Both are written part by part (no workbook library), deterministic, and returned as a Buffer
 * when no path is given.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { writeZip, type ZipInput } from '../apps/server/src/platform/uploads/zip.js';
import { employeeColumns } from './sheets-data.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export interface HeavyFile {
  path: string | null;
  bytes: number;
  /** Bytes of the parts unpacked, by part. */
  unpacked: Record<string, number>;
  rows: number;
  cells: number;
}

const letters = (i: number) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function packageParts(withStrings: boolean): ZipInput[] {
  const types =
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
    (withStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : '') +
    '</Types>';
  const rels =
    `${HEAD}<Relationships xmlns="${NS_PKG}"><Relationship Id="rId1" Type="${NS_R}/worksheet" Target="worksheets/sheet1.xml"/>` +
    (withStrings ? `<Relationship Id="rId2" Type="${NS_R}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
    '</Relationships>';
  return [
    { name: '[Content_Types].xml', data: types },
    { name: '_rels/.rels', data: `${HEAD}<Relationships xmlns="${NS_PKG}"><Relationship Id="rId1" Type="${NS_R}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `${HEAD}<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', data: rels },
  ];
}

/** The header row as inline strings (the employee sheet's headers). */
const headerRow = () => `<row r="1">${employeeColumns().map((c, i) => `<c r="${letters(i)}1" t="inlineStr"><is><t>${escape(c.header)}</t></is></c>`).join('')}</row>`;

async function finish(parts: ZipInput[], file: string | undefined, rows: number, cells: number): Promise<{ buf: Buffer; info: HeavyFile }> {
  const unpacked: Record<string, number> = {};
  const sizes = parts.map(() => 0);
  const measured = parts.map((p, i) => ({
    name: p.name,
    data: (async function* () {
      const data = p.data;
      const items = typeof data === 'string' || Buffer.isBuffer(data) ? [data] : Array.isArray(data) ? (data as (Buffer | string)[]) : null;
      for await (const item of items ?? (data as AsyncIterable<Buffer>)) {
        const chunk = Buffer.from(item);
        sizes[i]! += chunk.length;
        yield chunk;
      }
    })(),
  }));
  const buf = await writeZip(measured, { level: 9 });
  parts.forEach((p, i) => (unpacked[p.name] = sizes[i]!));
  if (file) fs.writeFileSync(file, buf);
  return { buf, info: { path: file ?? null, bytes: buf.length, unpacked, rows, cells } };
}

/** A string of about `size` characters, different for every n, that deflates about 25-30 times. */
function longText(n: number, size: number): string {
  const words = ['salary', 'advance', 'branch', 'Pune', 'Kochi', 'grade', 'north', 'south', 'contract', 'employee', 'ledger', 'account'];
  let s = `Remark ${n}:`;
  for (let k = 0; s.length < size; k++) s += ` ${words[(n * 7 + k * 5 + Math.floor(k / 11) * (n % 13)) % words.length]}${(n * 31 + k) % 10}`;
  return s.slice(0, size);
}

/** ~97 MB of shared strings, every one used once by a 24,000-row sheet (two strings a row). */
export async function writeHeavySharedStrings(file?: string): Promise<HeavyFile & { buffer: Buffer }> {
  const STRINGS = 48_000;
  const SIZE = 2_010;
  const ROWS = STRINGS / 2;
  async function* sst(): AsyncGenerator<Buffer> {
    yield Buffer.from(`${HEAD}<sst xmlns="${NS}" count="${STRINGS}" uniqueCount="${STRINGS}">`);
    let chunk = '';
    for (let n = 0; n < STRINGS; n++) {
      chunk += `<si><t>${longText(n, SIZE)}</t></si>`;
      if (chunk.length > 1 << 20) {
        yield Buffer.from(chunk);
        chunk = '';
      }
    }
    yield Buffer.from(`${chunk}</sst>`);
  }
  async function* sheet(): AsyncGenerator<Buffer> {
    let chunk = `${HEAD}<worksheet xmlns="${NS}"><sheetData>${headerRow()}`;
    for (let r = 0; r < ROWS; r++) {
      const row = r + 2;
      chunk += `<row r="${row}"><c r="A${row}" t="s"><v>${2 * r}</v></c><c r="B${row}" t="s"><v>${2 * r + 1}</v></c><c r="E${row}"><v>${12_000 + r}</v></c></row>`;
      if (chunk.length > 1 << 20) {
        yield Buffer.from(chunk);
        chunk = '';
      }
    }
    yield Buffer.from(`${chunk}</sheetData></worksheet>`);
  }
  const parts = [...packageParts(true), { name: 'xl/sharedStrings.xml', data: sst() }, { name: 'xl/worksheets/sheet1.xml', data: sheet() }];
  const { buf, info } = await finish(parts, file, ROWS + 1, ROWS * 3);
  return { ...info, buffer: buf };
}

/** 1,000,000 number cells: 50,000 rows of 20 cells scattered over columns A to IV. */
export async function writeSparseMillion(file?: string): Promise<HeavyFile & { buffer: Buffer }> {
  const ROWS = 50_000;
  const PER_ROW = 20;
  async function* sheet(): AsyncGenerator<Buffer> {
    let chunk = `${HEAD}<worksheet xmlns="${NS}"><sheetData>${headerRow()}`;
    for (let r = 0; r < ROWS; r++) {
      const row = r + 2;
      chunk += `<row r="${row}">`;
      // 20 distinct columns in order: one in each band of 12 or 13, shifted by the row.
      for (let k = 0; k < PER_ROW; k++) {
        const col = Math.floor((k * 256) / PER_ROW) + ((r * 7 + k * 3) % 12);
        chunk += `<c r="${letters(col)}${row}"><v>${(r + k) % 10}</v></c>`;
      }
      chunk += '</row>';
      if (chunk.length > 1 << 20) {
        yield Buffer.from(chunk);
        chunk = '';
      }
    }
    yield Buffer.from(`${chunk}</sheetData></worksheet>`);
  }
  const parts = [...packageParts(false), { name: 'xl/worksheets/sheet1.xml', data: sheet() }];
  const { buf, info } = await finish(parts, file, ROWS + 1, ROWS * PER_ROW);
  return { ...info, buffer: buf };
}

// `tsx bench/heavy-sheets.ts <dir>`: writes both files there and prints their sizes.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? '.';
  for (const [name, write] of [['heavy-shared-strings.xlsx', writeHeavySharedStrings], ['sparse-million.xlsx', writeSparseMillion]] as const) {
    const { buffer: _, ...info } = await write(`${dir}/${name}`);
    console.log(JSON.stringify(info));
  }
}
