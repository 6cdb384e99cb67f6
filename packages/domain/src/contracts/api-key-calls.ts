/** The `apiKeyCalls` contracts (decision 0051): an export per endpoint, the namespace `apiKeyCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { IdParam, Ok } from '../wire/api.js';
import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList } from '../wire/api-keys.js';
import { endpoint } from './endpoint.js';

export const list = /*#__PURE__*/ endpoint<{ answer: typeof ApiKeyList }>()('GET', '/employer-admin/api-keys');
export const create = /*#__PURE__*/ endpoint<{ body: typeof ApiKeyCreateBody; answer: typeof ApiKeyCreated }>()('POST', '/employer-admin/api-keys');
export const revoke = /*#__PURE__*/ endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('POST', '/employer-admin/api-keys/:id/revoke');
