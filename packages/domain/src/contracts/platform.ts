/** Health and the dev outbox (never in production mode). */
import type { HealthResult, OutboxQuery, OutboxResult } from '../wire/api.js';
import { endpoint } from './endpoint.js';

export const platformCalls = {
  /** 200 when the database and the queue answer, else 503 with the same shape. */
  health: endpoint<{ answer: typeof HealthResult }>()('GET', '/health'),
  outbox: endpoint<{ query: typeof OutboxQuery; answer: typeof OutboxResult }>()('GET', '/dev/outbox'),
};
