/** The `webhookCalls` contracts (decision 0051): an export per endpoint, the namespace `webhookCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { IdParam, Ok } from '../wire/api.js';
import type { WebhookDeliveryList, WebhookDeliveryQuery, WebhookEndpointBody, WebhookEndpointList, WebhookSecretResult } from '../wire/webhooks.js';
import { endpoint } from './endpoint.js';

export const list = /*#__PURE__*/ endpoint<{ answer: typeof WebhookEndpointList }>()('GET', '/employer-admin/webhooks');
export const add = /*#__PURE__*/ endpoint<{ body: typeof WebhookEndpointBody; answer: typeof WebhookSecretResult }>()('POST', '/employer-admin/webhooks');
export const rotateSecret = /*#__PURE__*/ endpoint<{ params: typeof IdParam; answer: typeof WebhookSecretResult }>()('POST', '/employer-admin/webhooks/:id/rotate-secret');
export const ping = /*#__PURE__*/ endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('POST', '/employer-admin/webhooks/:id/ping');
export const remove = /*#__PURE__*/ endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('DELETE', '/employer-admin/webhooks/:id');
export const deliveries = /*#__PURE__*/ endpoint<{ query: typeof WebhookDeliveryQuery; answer: typeof WebhookDeliveryList }>()('GET', '/employer-admin/webhooks/deliveries');
export const replay = /*#__PURE__*/ endpoint<{ params: typeof IdParam; answer: typeof Ok }>()('POST', '/employer-admin/webhooks/deliveries/:id/replay');
