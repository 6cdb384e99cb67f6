/**
 * Receiving an uploaded file (security.md "Files", ASVS 5.0 V5.2.1): the multipart part named
 * `file` is read as a stream and counted; one byte past the limit ends the upload with the Size
 * Error, the rest of the request is drained (read and dropped) so the client still gets the answer,
 * and nothing past the limit is ever held.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BYTES_PER_MB, RAW_FILE_UPLOAD_LIMIT_MB, UPLOAD_MSG } from '@portal/domain';
import { AppError } from '../errors.js';

/** The largest upload of any type, plus the one byte that proves a file too large. */
export const MULTIPART_FILE_SIZE_LIMIT = RAW_FILE_UPLOAD_LIMIT_MB * BYTES_PER_MB + 1;
export const FILE_FIELD = 'file';
const MAX_FILE_NAME = 200;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return; // registered already in this scope
  await app.register(multipart, {
    limits: {
      files: 1,
      fileSize: MULTIPART_FILE_SIZE_LIMIT,
      fields: 10,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 20,
    },
  });
}

/** The name as shown and stored: last path segment, no control or direction-override characters, at most 200 characters (extension kept). */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const chars = [...clean];
  if (chars.length <= MAX_FILE_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? [...clean.slice(dot)] : [];
  if (ext.length > 0 && ext.length < 20) return chars.slice(0, MAX_FILE_NAME - ext.length).join('') + ext.join('');
  return chars.slice(0, MAX_FILE_NAME).join('');
}

const noFile = () => new AppError('UPLOAD_NO_FILE');

/**
 * The uploaded file, whole, once it is known to be at most `maxBytes` (`maxMb` is the limit as the
 * Size Error names it). 400 when the request carries no `file` part, the file is empty, or too large.
 */
export async function receiveFile(request: FastifyRequest, maxBytes: number, maxMb: number): Promise<{ fileName: string; mimeType: string; buffer: Buffer }> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) throw noFile();
  let part;
  try {
    // busboy stops storing at maxBytes + 1 as well: one byte over is all the proof needed.
    part = await request.file({ limits: { fileSize: Math.min(maxBytes + 1, MULTIPART_FILE_SIZE_LIMIT) } });
  } catch {
    throw noFile(); // malformed multipart (no boundary, broken headers)
  }
  if (!part) throw noFile();
  const stream = part.file;
  if (part.fieldname !== FILE_FIELD) {
    stream.resume();
    throw noFile();
  }

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // Not destroyed on an early exit: the stream is drained instead, so busboy reads the request to its end.
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
      const b = chunk as Buffer;
      size += b.length;
      if (size > maxBytes) {
        chunks.length = 0;
        stream.resume();
        throw new AppError('UPLOAD_TOO_LARGE', UPLOAD_MSG.sizeError(maxMb));
      }
      chunks.push(b);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw noFile(); // the upload broke off part way
  }
  if (stream.truncated) throw new AppError('UPLOAD_TOO_LARGE', UPLOAD_MSG.sizeError(maxMb));
  if (size === 0) throw new AppError('UPLOAD_EMPTY');
  return { fileName: cleanFileName(part.filename ?? ''), mimeType: part.mimetype, buffer: Buffer.concat(chunks, size) };
}
