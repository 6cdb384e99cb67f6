/**
 * The checks at the door of every upload (decision 0012), in one place: the multipart file read
 * with the type's size limit while it streams in, then its extension and content checked. Used by
 * the signed-in upload routes and by the File Upload link's token route (features/file-link).
 */
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_FORMATS, maxBytesOf, type DocumentType } from '@portal/domain';
import { inspectFile } from '../../platform/uploads/inspect.js';
import { receiveFile } from '../../platform/uploads/receive.js';
import type { ReceivedFile } from './shared.js';

export async function receiveCheckedFile(req: FastifyRequest, docType: DocumentType): Promise<ReceivedFile> {
  const format = DOCUMENT_FORMATS[docType];
  const file = await receiveFile(req, maxBytesOf(docType), format.maxMb);
  const { mimeType } = await inspectFile(file.buffer, file.fileName, format.extensions);
  return { ...file, mimeType };
}
