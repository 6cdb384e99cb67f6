/** The zod wire schemas of ../webhooks.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MSG } from '../webhooks.js';

export const WebhookEndpointBody = z.object({
  url: z.string().trim().min(1, WEBHOOK_MSG.urlInvalid).max(2000, WEBHOOK_MSG.urlInvalid),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, WEBHOOK_MSG.eventsRequired).max(WEBHOOK_EVENT_TYPES.length),
});
export type WebhookEndpointBody = z.infer<typeof WebhookEndpointBody>;

export const WebhookEndpointRow = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Until when the previous secret still signs (after a rotation), else null. */
  previousSecretUntil: z.string().nullable(),
  removedAt: z.string().nullable(),
});
export type WebhookEndpointRow = z.infer<typeof WebhookEndpointRow>;
export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpointRow) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;
export const WebhookSecretResult = z.object({ endpoint: WebhookEndpointRow, secret: z.string(), message: z.string() });
export type WebhookSecretResult = z.infer<typeof WebhookSecretResult>;

export const WebhookDeliveryRow = z.object({
  id: z.string(),
  endpointId: z.string(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The JSON body sent (the same on every attempt). */
  body: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof WebhookDeliveryRow>;
export const WebhookDeliveryQuery = z.object({ endpointId: z.uuid().optional(), page: z.coerce.number().int().min(1).max(10_000).optional() });
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDeliveryRow), total: z.number().int() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

// ---- what each event carries (OpenAPI's `webhooks`, decision 0045) ----

const Rows = z.object({ total: z.number().int(), created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), failed: z.number().int() });
const UploadEventData = z.object({
  uploadId: z.uuid(),
  docType: z.string(),
  fileName: z.string(),
  vendorId: z.uuid().nullable(),
  status: z.enum(['PROCESSED', 'FAILED']),
  failureReason: z.string().nullable(),
  rows: Rows.nullable().describe('null when the sheet was refused as a whole'),
});
const WaitingAdvanceData = z.object({
  transactionId: z.uuid(),
  workerId: z.uuid(),
  employerWorkerId: z.string(),
  fullName: z.string(),
  vendorId: z.uuid().nullable(),
  amountPaise: z.number().int(),
  requestedAt: z.string(),
});
const WaitingWorkerData = z.object({
  workerId: z.uuid(),
  employerWorkerId: z.string(),
  fullName: z.string(),
  vendorId: z.uuid().nullable(),
  monthlySalaryPaise: z.number().int(),
  requestedAt: z.string(),
});
const PingData = z.object({ endpointId: z.uuid(), sentBy: z.string() });
const PayrollEventData = z.object({
  payrollId: z.uuid(),
  vendorId: z.uuid().nullable(),
  month: z.string().describe('yyyy-mm'),
  kind: z.enum(['PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT']),
  status: z.string().describe("the payroll's status after the move"),
  failureReason: z.string().nullable(),
});
/**
 * A payout that ended unpaid (issue 26): its whole state, named as the payroll's payout rows name
 * it (employee-payout-details: requestId is this payoutId). Never the full account number.
 */
const PayoutEventBase = z.object({
  payoutId: z.uuid().describe("the payout (one attempt of one entry); the payout rows' requestId"),
  payrollId: z.uuid(),
  vendorId: z.uuid().nullable(),
  month: z.string().describe('yyyy-mm'),
  attempt: z.number().int().describe('1 for the execution, n + 1 for the re-run after attempt n'),
  workerId: z.uuid(),
  name: z.string(),
  employerEmployeeCode: z.string(),
  accountNumber: z.string().describe('masked but the last 4'),
  ifsc: z.string(),
  amountPaise: z.number().int(),
  failureReason: z.string().nullable().describe("the bank's reason"),
});
const PayoutFailedData = PayoutEventBase.extend({
  status: z.enum(['FAILED', 'CANCELLED']).describe('the amount went back to the balance; the entry can be re-run'),
  utr: z.string().nullable(),
  failedAt: z.string().describe('ISO instant'),
});
const PayoutReversedData = PayoutEventBase.extend({
  status: z.literal('REVERSED').describe('paid, then returned by the bank: the amount went back to the balance; the entry can be re-run'),
  utr: z.string().nullable().describe('the UTR of the transfer that was reversed (no payment any more)'),
  reversedAt: z.string().describe('ISO instant'),
});
export type PayoutFailedData = z.infer<typeof PayoutFailedData>;
export type PayoutReversedData = z.infer<typeof PayoutReversedData>;

/** The data of each event sent today, by type. */
export const WEBHOOK_EVENT_DATA: Record<string, z.ZodType> = {
  'upload.processed': UploadEventData,
  'upload.failed': UploadEventData,
  'ewa_request.waiting': WaitingAdvanceData,
  'worker.waiting_for_approval': WaitingWorkerData,
  'payroll.processed': PayrollEventData,
  'payroll.frozen': PayrollEventData,
  'payroll.executed': PayrollEventData,
  'payroll.completed': PayrollEventData,
  'payroll.failed': PayrollEventData,
  'payout.failed': PayoutFailedData,
  'payout.reversed': PayoutReversedData,
  ping: PingData,
};

/** OpenAPI 3.1's `webhooks`: each event's POST with the envelope and its data. */
export function webhookOpenApi(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_DATA).map(([type, data]) => [
      type,
      {
        post: {
          summary: type,
          description: 'Signed with the endpoint secret: portal-signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">; dedupe by portal-event-id. Answer 2xx within 10 s.',
          requestBody: {
            content: {
              'application/json': {
                schema: z.toJSONSchema(z.object({ id: z.uuid(), type: z.literal(type), createdAt: z.string(), data }), { io: 'input' }),
              },
            },
          },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    ]),
  );
}
