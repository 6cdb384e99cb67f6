/** The `platformCalls` contracts (decision 0051): an export per endpoint, the namespace `platformCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { HealthResult, OutboxQuery, OutboxResult } from '../wire/api.js';
import { endpoint } from './endpoint.js';

/** 200 when the database and the queue answer, else 503 with the same shape. */
export const health = /*#__PURE__*/ endpoint<{ answer: typeof HealthResult }>()('GET', '/health');
export const outbox = /*#__PURE__*/ endpoint<{ query: typeof OutboxQuery; answer: typeof OutboxResult }>()('GET', '/dev/outbox');
