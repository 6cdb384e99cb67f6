/**
 * The zip checks at the upload door, against archives forged byte by byte here, and against real
 * files from exceljs, LibreOffice, openpyxl and the portal's own writer.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readEntry, verifyZip, ZipError, type ZipErrorKind } from './zip.js';
import { assembleZip, storedEntry, type RawZipEntry } from './zip-forge.js';
import { DeclarationScanner, type ZipLimits } from './zip-policy.js';
import { writeXlsx } from './xlsx-writer.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/sheets');

const LOCAL = 30;
const CENTRAL = 46;
const EOCD = 22;

/** A deflated entry with honest headers, to be made to lie. */
function deflated(name: string, content: Buffer | string, over: Partial<RawZipEntry> = {}): RawZipEntry {
  const raw = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, method: 8, data: deflateRawSync(raw), crc32: crc32(raw) >>> 0, uncompressedSize: raw.length, ...over };
}
const TYPES = storedEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
const SHEET = '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>';
const honest = () => [TYPES, deflated('xl/worksheets/sheet1.xml', SHEET)];

/** Offsets in an archive built by assembleZip (no extra fields, no comments). */
function layout(buf: Buffer) {
  const eocd = buf.length - EOCD;
  const cd = buf.readUInt32LE(eocd + 16);
  const centrals: number[] = [];
  for (let p = cd; p < eocd; p += CENTRAL + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)) centrals.push(p);
  const locals = centrals.map((c) => buf.readUInt32LE(c + 42));
  return { eocd, cd, centrals, locals };
}

async function refused(buf: Buffer, kind: ZipErrorKind, message: RegExp, limits?: ZipLimits): Promise<void> {
  const err = await verifyZip(buf, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the forged archive was accepted').toBeInstanceOf(ZipError);
  expect((err as ZipError).kind).toBe(kind);
  expect((err as ZipError).message).toMatch(message);
}

describe('verifyZip accepts real files', () => {
  it('takes the forgery base, and files from exceljs, LibreOffice, openpyxl and the portal writer', async () => {
    expect([...(await verifyZip(assembleZip(honest()))).keys()]).toEqual(['[Content_Types].xml', 'xl/worksheets/sheet1.xml']);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['a', 1, new Date()]);
    const files = [
      Buffer.from(await wb.xlsx.writeBuffer()),
      await writeXlsx({ name: 'Out', header: ['A'], rows: [{ cells: ['x'] }] }),
      ...fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.xlsx')).map((f) => fs.readFileSync(path.join(FIXTURES, f))),
    ];
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const f of files) expect((await verifyZip(f)).has('xl/workbook.xml')).toBe(true);
  });

  it('takes a data descriptor that tells the truth, with or without its signature', async () => {
    for (const signature of [true, false]) {
      const e = deflated('a.xml', SHEET);
      const d = Buffer.alloc(signature ? 16 : 12);
      let q = 0;
      if (signature) d.writeUInt32LE(0x08074b50, (q += 4) - 4);
      d.writeUInt32LE(e.crc32, q);
      d.writeUInt32LE(e.data.length, q + 4);
      d.writeUInt32LE(e.uncompressedSize, q + 8);
      const buf = assembleZip([{ ...e, data: Buffer.concat([e.data, d]), compressedSize: e.data.length, flags: 0x0808 }]);
      expect((await verifyZip(buf)).get('a.xml')!.uncompressedSize).toBe(SHEET.length);
    }
  });
});

describe('verifyZip refuses forged archives', () => {
  it('sizes that lie: fewer or more bytes than inflate gives, in both headers', async () => {
    const e = deflated('a.xml', SHEET);
    await refused(assembleZip([{ ...e, uncompressedSize: 10 }]), 'corrupt', /a\.xml inflates past its declared size/);
    await refused(assembleZip([{ ...e, uncompressedSize: SHEET.length + 1 }]), 'corrupt', /a\.xml inflates to \d+ bytes, declared \d+/);
    // Compressed size: more bytes than the deflate stream holds (junk after it), or fewer (cut short).
    await refused(assembleZip([{ ...e, data: Buffer.concat([e.data, Buffer.from('hidden payload')]) }]), 'corrupt', /deflate stream ends after \d+ of the \d+ compressed bytes/);
    await refused(assembleZip([{ ...e, data: e.data.subarray(0, e.data.length - 4) }]), 'corrupt', /a\.xml does not inflate/);
    await refused(assembleZip([{ ...e, crc32: e.crc32 ^ 1 }]), 'corrupt', /a\.xml fails its CRC/);
    await refused(assembleZip([storedEntry('s.xml', 'abc'), { ...storedEntry('t.xml', 'abc'), uncompressedSize: 2 }]), 'corrupt', /"t\.xml" stored with two sizes/);
  });

  it('a local header that disagrees with the central directory: sizes, CRC, method, name, flags', async () => {
    const patch = (at: (l: ReturnType<typeof layout>) => number, write: (b: Buffer, p: number) => void) => {
      const buf = assembleZip(honest());
      write(buf, at(layout(buf)));
      return buf;
    };
    await refused(patch((l) => l.locals[1]! + 22, (b, p) => b.writeUInt32LE(5, p)), 'corrupt', /local header of "xl\/worksheets\/sheet1\.xml" gives other sizes or CRC/);
    await refused(patch((l) => l.locals[1]! + 14, (b, p) => b.writeUInt32LE(0, p)), 'corrupt', /gives other sizes or CRC/);
    await refused(patch((l) => l.locals[1]! + 8, (b, p) => b.writeUInt16LE(0, p)), 'corrupt', /gives another compression method/);
    await refused(patch((l) => l.locals[1]! + LOCAL, (b, p) => b.write('X', p)), 'corrupt', /names another entry/);
    await refused(patch((l) => l.locals[1]! + 6, (b, p) => b.writeUInt16LE(0x0808, p)), 'corrupt', /has other flags than the central directory/);
  });

  it('a data descriptor that lies', async () => {
    const e = deflated('a.xml', SHEET);
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc32, 4);
    d.writeUInt32LE(e.data.length, 8);
    d.writeUInt32LE(e.uncompressedSize + 1000, 12);
    await refused(assembleZip([{ ...e, data: Buffer.concat([e.data, d]), compressedSize: e.data.length, flags: 0x0808 }]), 'corrupt', /the data descriptor of "a\.xml" gives other sizes or CRC/);
  });

  it('links and special files (unix mode in the external attributes)', async () => {
    await refused(assembleZip([TYPES, { ...storedEntry('xl/link.xml', '/etc/passwd'), externalAttrs: (0o120777 << 16) >>> 0, versionMadeBy: 0x0314 }]), 'forbidden', /"xl\/link\.xml" is a link/);
    await refused(assembleZip([TYPES, { ...storedEntry('xl/fifo.xml', ''), externalAttrs: (0o010644 << 16) >>> 0, versionMadeBy: 0x0314 }]), 'forbidden', /is a special file/);
    // A regular file with unix mode bits is fine.
    await verifyZip(assembleZip([TYPES, { ...storedEntry('xl/ok.xml', '<a/>'), externalAttrs: (0o100644 << 16) >>> 0, versionMadeBy: 0x0314 }]));
  });

  it('the encryption flags', async () => {
    await refused(assembleZip([TYPES, { ...deflated('a.xml', SHEET), flags: 0x0801 }]), 'forbidden', /"a\.xml" is encrypted/);
    await refused(assembleZip([TYPES, { ...deflated('a.xml', SHEET), flags: 0x0841 }]), 'forbidden', /is encrypted/);
  });

  it('names that climb out, are absolute, use backslashes or control characters', async () => {
    const cases: [string, RegExp][] = [
      ['../evil.xml', /unsafe entry name "\.\.\/evil\.xml" \(a relative segment\)/],
      ['xl/../../evil.xml', /a relative segment/],
      ['/etc/cron.d/x', /an absolute path/],
      ['C:/Windows/x.xml', /an absolute path/],
      ['xl\\workbook.xml', /a backslash/],
      ['..\\evil.xml', /a backslash/],
      ['xl/\u0001.xml', /a control character/],
      ['xl/a\u0000.xml', /a control character/],
    ];
    for (const [name, message] of cases) await refused(assembleZip([TYPES, storedEntry(name, '<a/>')]), 'forbidden', message);
  });

  it('duplicate names, also in another case', async () => {
    await refused(assembleZip([TYPES, storedEntry('a.xml', '<a/>'), storedEntry('a.xml', '<b/>')]), 'corrupt', /"a\.xml" appears twice/);
    await refused(assembleZip([TYPES, storedEntry('xl/workbook.xml', '<a/>'), storedEntry('XL/Workbook.xml', '<b/>')]), 'corrupt', /"XL\/Workbook\.xml" appears twice/);
  });

  it('too many entries, counted from the end record before walking, and a directory holding more than it counts', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => storedEntry(`x/${i}.txt`, ''));
    await refused(assembleZip(many), 'tooManyEntries', /1001 entries, at most 1000/);
    await refused(assembleZip(many.slice(0, 4)), 'tooManyEntries', /4 entries, at most 3/, { maxEntries: 3, maxTotalUncompressed: 1e6 });
    const buf = assembleZip(honest());
    buf.writeUInt16LE(1, buf.length - EOCD + 8);
    buf.writeUInt16LE(1, buf.length - EOCD + 10);
    await refused(buf, 'corrupt', /the central directory holds more than the 1 entries the end record counts/);
  });

  it('a zip bomb: the ratio, the real total, and the declared total', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    await refused(assembleZip([TYPES, deflated('xl/sharedStrings.xml', zeros)]), 'tooLarge', /inflates more than 200 times its compressed size/);
    // Headers that understate the size are caught as the bytes come; honest ones by the declared total.
    const e = deflated('big.bin', Buffer.alloc(3 * 1024 * 1024));
    await refused(assembleZip([TYPES, { ...e, uncompressedSize: 100 }]), 'corrupt', /big\.bin inflates past its declared size/, { maxEntries: 10, maxTotalUncompressed: 2 * 1024 * 1024, maxRatio: 1e9 });
    await refused(assembleZip([TYPES, e]), 'tooLarge', /declares 3145\d+ bytes unpacked, more than 2097152/, { maxEntries: 10, maxTotalUncompressed: 2 * 1024 * 1024, maxRatio: 1e9 });
    await refused(assembleZip([TYPES, { ...storedEntry('a.bin', 'x'), uncompressedSize: 200 * 1024 * 1024 }]), 'tooLarge', /declares 209715\d+ bytes unpacked, more than 104857600/);
    // A small part that deflates very well is no bomb.
    await verifyZip(assembleZip([TYPES, deflated('blank.xml', Buffer.alloc(512 * 1024, 0x20))]));
  });

  it('zip64 markers', async () => {
    const buf = assembleZip(honest());
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    await refused(Buffer.concat([buf.subarray(0, buf.length - EOCD), locator, buf.subarray(buf.length - EOCD)]), 'corrupt', /zip64 is not supported/);
    const big = assembleZip(honest());
    big.writeUInt32LE(0xffffffff, layout(big).centrals[1]! + 24);
    await refused(big, 'corrupt', /zip64 is not supported/);
    const count = assembleZip(honest());
    count.writeUInt16LE(0xffff, count.length - EOCD + 8);
    count.writeUInt16LE(0xffff, count.length - EOCD + 10);
    await refused(count, 'corrupt', /zip64 is not supported/);
  });

  it('trailing garbage, prepended bytes and comment tricks', async () => {
    const buf = assembleZip(honest());
    await refused(Buffer.concat([buf, Buffer.from('<html>trailing</html>')]), 'corrupt', /bytes follow the end of the archive/);
    await refused(Buffer.concat([Buffer.from('%PDF-1.7 polyglot'), buf]), 'corrupt', /no local header|unaccounted/);
    // A second end record hidden in the comment of the first, pointing at other content.
    const fake = Buffer.from(buf.subarray(buf.length - EOCD));
    fake.writeUInt16LE(0, 20);
    const withComment = Buffer.concat([buf.subarray(0, buf.length - EOCD), Buffer.from(buf.subarray(buf.length - EOCD)), fake]);
    withComment.writeUInt16LE(EOCD, withComment.length - 2 * EOCD + 20);
    await refused(withComment, 'corrupt', /two end records/);
    // A comment holding a local header signature.
    const sneaky = Buffer.concat([buf, Buffer.from('PK\u0003\u0004 more')]);
    sneaky.writeUInt16LE(9, buf.length - EOCD + 20);
    await refused(sneaky, 'corrupt', /the archive comment holds zip records/);
    // A plain comment is fine.
    const plain = Buffer.concat([buf, Buffer.from('made by hand')]);
    plain.writeUInt16LE(12, buf.length - EOCD + 20);
    await verifyZip(plain);
  });

  it('overlapping entries and hidden bytes between entries', async () => {
    // The sheet's local header and data again, stored inside a.bin; the central entry of the sheet points inside a.bin.
    const inner = assembleZip([deflated('xl/worksheets/sheet1.xml', SHEET)]);
    const innerEntry = inner.subarray(0, layout(inner).cd);
    const buf = assembleZip([storedEntry('a.bin', innerEntry), deflated('xl/worksheets/sheet1.xml', SHEET)]);
    const l = layout(buf);
    buf.writeUInt32LE(LOCAL + 'a.bin'.length, l.centrals[1]! + 42);
    await refused(buf, 'corrupt', /"xl\/worksheets\/sheet1\.xml" overlaps another entry/);
    // Bytes between two entries that no entry accounts for.
    const two = assembleZip(honest());
    const t = layout(two);
    const gap = Buffer.from('<script>not in any entry</script>');
    const spliced = Buffer.concat([two.subarray(0, t.locals[1]), gap, two.subarray(t.locals[1])]);
    const s = layout(Buffer.concat([two.subarray(0, t.cd), two.subarray(t.cd)]));
    spliced.writeUInt32LE(t.locals[1]! + gap.length, s.centrals[1]! + gap.length + 42);
    spliced.writeUInt32LE(t.cd + gap.length, spliced.length - EOCD + 16);
    await refused(spliced, 'corrupt', new RegExp(`${gap.length} unaccounted bytes before "xl/worksheets/sheet1.xml"`));
  });

  it('a DTD or an entity declaration in any XML part, in UTF-8 or UTF-16, cut across chunks', async () => {
    await refused(assembleZip([TYPES, deflated('xl/a.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>')]), 'forbidden', /xl\/a\.xml declares a DTD or entity/);
    await refused(assembleZip([TYPES, deflated('xl/b.xml', Buffer.from('<?xml version="1.0"?><!doctype x><x/>', 'utf16le'))]), 'forbidden', /declares a DTD or entity/);
    const scanner = new DeclarationScanner();
    for (const piece of ['<x>aaa<', '!EN', 'TITY y>']) scanner.push(Buffer.from(piece));
    expect(scanner.found).toBe(true);
    const clean = new DeclarationScanner();
    for (const piece of ['<x>Hello!', ' <!-- ok -->', '<![CDATA[!]]>', '</x>']) clean.push(Buffer.from(piece));
    expect(clean.found).toBe(false);
  });

  it('gives readEntry the same refusals for a lying entry', async () => {
    const e = deflated('a.xml', randomBytes(1000));
    const buf = assembleZip([{ ...e, uncompressedSize: 999 }]);
    const entry = { name: 'a.xml', method: 8, flags: 0x0800, crc32: e.crc32, compressedSize: e.data.length, uncompressedSize: 999, localHeaderOffset: 0, externalAttrs: 0 };
    await expect(readEntry(buf, entry, 10_000)).rejects.toThrow(ZipError);
  });
});
