/**
 * What an uploaded file really is (security.md "Files", ASVS 5.0 V5.2.2, V5.2.3): the extension
 * must be allowed for the upload type, and the content must match it. Office Open XML files are
 * zips and pass every zip check (sizes, entry count, links, encryption, DTDs) before anything
 * parses them.
 */
import { extensionOf, UPLOAD_MSG, type CodeWithMessage, type FileExtension } from '@portal/domain';
import { AppError } from '../errors.js';
import { verifyZip, ZipError, type ZipErrorKind } from './zip.js';

export const MIME_TYPES: Record<FileExtension, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
// Compound File Binary (OLE2): the container of Excel 97-2003 and Word 97-2003 files.
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The part that makes an Open XML package a workbook or a document. */
const MAIN_PART: Partial<Record<FileExtension, string>> = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml' };

/** The zip check's refusals; their messages are the error table's. */
const ZIP_REFUSALS = {
  corrupt: 'UPLOAD_CORRUPT',
  tooManyEntries: 'UPLOAD_TOO_MANY_ENTRIES',
  tooLarge: 'UPLOAD_TOO_LARGE_UNPACKED',
  forbidden: 'UPLOAD_FORBIDDEN_CONTENT',
} as const satisfies Record<ZipErrorKind, CodeWithMessage>;

const isFileExtension = (ext: string, allowed: readonly FileExtension[]): ext is FileExtension => (allowed as readonly string[]).includes(ext);
const mismatch = (ext: FileExtension) => new AppError('UPLOAD_CONTENT_MISMATCH', UPLOAD_MSG.contentMismatch(ext));
const startsWith = (buf: Buffer, magic: Buffer) => buf.length >= magic.length && buf.subarray(0, magic.length).equals(magic);

async function checkOpenXml(buf: Buffer, ext: FileExtension): Promise<void> {
  if (!startsWith(buf, ZIP_MAGIC)) throw mismatch(ext);
  let entries;
  try {
    entries = await verifyZip(buf);
  } catch (err) {
    if (!(err instanceof ZipError)) throw err;
    throw new AppError(ZIP_REFUSALS[err.kind]);
  }
  if (!entries.has('[Content_Types].xml') || !entries.has(MAIN_PART[ext]!)) throw mismatch(ext);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
function checkCsv(buf: Buffer): void {
  if (buf.includes(0)) throw mismatch('csv');
  try {
    utf8.decode(buf); // a UTF-8 byte order mark is fine: it decodes
  } catch {
    throw mismatch('csv');
  }
}

/** The file's type when its name and content agree and it passes the checks; a 400 with the screen's message otherwise. */
export async function inspectFile(buf: Buffer, fileName: string, allowed: readonly FileExtension[]): Promise<{ extension: FileExtension; mimeType: string }> {
  const ext = extensionOf(fileName);
  if (!isFileExtension(ext, allowed)) throw new AppError('UPLOAD_FORMAT', UPLOAD_MSG.formatError(allowed.join(', ')));
  if (buf.length === 0) throw new AppError('UPLOAD_EMPTY');
  switch (ext) {
    case 'xlsx':
    case 'docx':
      await checkOpenXml(buf, ext);
      break;
    case 'pdf':
      if (!startsWith(buf, PDF_MAGIC)) throw mismatch(ext);
      break;
    case 'xls':
    case 'doc':
      if (!startsWith(buf, CFB_MAGIC)) throw mismatch(ext);
      break;
    case 'csv':
      checkCsv(buf);
      break;
  }
  return { extension: ext, mimeType: MIME_TYPES[ext] };
}
