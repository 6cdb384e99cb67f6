/**
 * Webhooks (issue 26, decision 0045): an employer's HTTPS endpoints hear of what happens in the
 * portal. Each delivery is signed (HMAC-SHA256 over "<timestamp>.<body>", a secret per endpoint,
 * two live during a rotation), retried with exponential backoff for 24 hours, carries an event id
 * to deduplicate by, and is listed in a delivery log that an admin can inspect and replay.
 */
export const WEBHOOK_EVENT_TYPES = [
  'upload.processed',
  'upload.failed',
  'payroll.processed',
  'payroll.frozen',
  'payroll.executed',
  'payroll.completed',
  'payroll.failed',
  'payout.failed',
  'payout.reversed',
  'ewa_request.waiting',
  'worker.waiting_for_approval',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "Send test event" delivers: the same envelope, no data of anyone. */
export const WEBHOOK_PING = 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'upload.processed': 'A sheet upload was processed',
  'upload.failed': 'A sheet upload failed',
  'payroll.processed': 'A payroll sheet was processed',
  'payroll.frozen': 'A payroll was frozen',
  'payroll.executed': 'A payroll was executed (payouts sent to the bank)',
  'payroll.completed': 'A payroll completed',
  'payroll.failed': 'A payroll failed',
  'payout.failed': 'A payout failed',
  'payout.reversed': 'A paid payout was reversed',
  'ewa_request.waiting': "A worker's advance request waits for approval",
  'worker.waiting_for_approval': 'A worker who signed up waits for approval',
};

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = { signature: 'portal-signature', eventId: 'portal-event-id', eventType: 'portal-event-type' } as const;
/** A delivery is retried for this long after its event, then marked FAILED (replay sends it again). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The first retry's wait; each next one doubles it, up to WEBHOOK_MAX_BACKOFF_MS. */
export const WEBHOOK_FIRST_BACKOFF_MS = 30_000;
export const WEBHOOK_MAX_BACKOFF_MS = 2 * 60 * 60 * 1000;
/** An endpoint that does not answer within this long is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** After a rotation the previous secret still signs for this long, so a receiver can switch without losing deliveries. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;
/** A receiver refuses a signature whose timestamp is further than this from its own clock (replays). */
export const WEBHOOK_TOLERANCE_S = 300;

/** The wait before attempt `attempt + 1` after `attempt` attempts failed (1-based). */
export const webhookBackoffMs = (attempts: number): number => Math.min(WEBHOOK_FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), WEBHOOK_MAX_BACKOFF_MS);

export const WEBHOOK_MSG = {
  urlInvalid: 'Enter a valid https:// address',
  urlNotHttps: 'The address must start with https://',
  urlPrivate: 'The address must be reachable on the internet, not a private or local one',
  eventsRequired: 'Choose at least one event',
  created: 'Endpoint added. Copy its signing secret now: it is not shown again.',
  rotated: 'New signing secret made. Copy it now: the previous one keeps signing for 24 hours.',
  removed: 'Endpoint removed',
  replayed: 'The delivery was queued again',
  pinged: 'A test event was queued',
  notFound: 'Endpoint not found',
  deliveryNotFound: 'Delivery not found',
  removedAlready: 'This endpoint was removed',
  keysCannotManage: 'Webhooks are managed by an admin in Settings, not with an API key',
  employerContextOnly: "Webhooks are managed in the employer's own Settings, not in a vendor's",
} as const;
