/** The `uploadOutcomeCalls` contracts (decision 0051): an export per endpoint, the namespace `uploadOutcomeCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { UploadOutcomeList, UploadOutcomeParams, UploadOutcomesDismissAllBody, UploadOutcomesDismissAllResult, UploadOutcomesSeenBody, UploadOutcomesSeenResult } from '../wire/documents.js';
import { endpoint } from './endpoint.js';

export const list = /*#__PURE__*/ endpoint<{ answer: typeof UploadOutcomeList }>()('GET', '/employer-admin/upload-outcomes');
export const dismiss = /*#__PURE__*/ endpoint<{ params: typeof UploadOutcomeParams }>()('POST', '/employer-admin/upload-outcomes/:id/dismiss');
export const seen = /*#__PURE__*/ endpoint<{ body: typeof UploadOutcomesSeenBody; answer: typeof UploadOutcomesSeenResult }>()('POST', '/employer-admin/upload-outcomes/seen');
export const dismissAll = /*#__PURE__*/ endpoint<{ body: typeof UploadOutcomesDismissAllBody; answer: typeof UploadOutcomesDismissAllResult }>()('POST', '/employer-admin/upload-outcomes/dismiss-all');
