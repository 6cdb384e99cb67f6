/** The `fileLinkCalls` contracts (decision 0051): an export per endpoint, the namespace `fileLinkCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { UploadAuditRecord } from '../wire/documents.js';
import type { FileUploadTokenQuery, FileUploadTokenResult } from '../wire/external-links.js';
import { endpoint } from './endpoint.js';

export const token = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; answer: typeof FileUploadTokenResult }>()('POST', '/employer-admin/file-upload-token');
export const upload = /*#__PURE__*/ endpoint<{ query: typeof FileUploadTokenQuery; body: 'multipart'; answer: typeof UploadAuditRecord }>()('POST', '/file-upload/raw');
