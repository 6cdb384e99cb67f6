/**
 * The portal's client for the bank's payouts API. Payroll execution talks to `PayoutsApi` only, so
 * a real payouts provider's adapter can replace the HTTP client of the simulated bank (bank-sim).
 *
 * The shapes mirror the bank's wire format (snake_case, as in docs/payroll-design.md "Simulated
 * bank"): the payout a call answers and the payout a webhook carries are the same `BankPayout`.
 * Amounts are integer paise.
 *
 * Errors tell the caller what it may do next:
 * - `BankRejectedError`: the bank answered definitely (4xx). The payout was not created by this
 *   call; retrying the same request will get the same answer.
 * - `BankUnavailableError`: timeout, network error, 5xx, 429, or an unreadable answer. The outcome
 *   is unknown: ask the bank by reference (`findByReference`) and retry with the SAME key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'undici';
import { z } from 'zod';

/** Statuses of a real payouts API (RazorpayX); the simulated bank uses queued/processing/processed/failed/reversed. */
export const BANK_PAYOUT_STATUSES = ['queued', 'pending', 'processing', 'processed', 'reversed', 'cancelled', 'rejected', 'failed'] as const;
export type BankPayoutStatus = (typeof BANK_PAYOUT_STATUSES)[number];

export interface PayoutRequest {
  account_number: string;
  ifsc: string;
  /** Integer paise, > 0. */
  amount: number;
  /** Our payout id: what `findByReference` looks up after an unknown outcome. */
  reference_id: string;
  narration?: string;
  /** Fixed for salaries; filled in by the client when left out. */
  currency?: 'INR';
  mode?: 'IMPS';
  purpose?: 'salary';
}

export interface BankPayout {
  id: string;
  entity: 'payout';
  status: BankPayoutStatus;
  amount: number;
  currency: string;
  reference_id: string;
  /** 12 characters once processed; null before. */
  utr: string | null;
  failure_reason: string | null;
  fund_account: { account_number: string; ifsc: string };
  /** ISO 8601. */
  created_at: string;
}

export interface BankCredit {
  id: string;
  virtual_account: string;
  amount: number;
  utr: string;
  created_at: string;
}

export interface PayoutsApi {
  createPayout(idempotencyKey: string, req: PayoutRequest): Promise<BankPayout>;
  getPayout(id: string): Promise<BankPayout>;
  findByReference(referenceId: string): Promise<BankPayout[]>;
  /** Operators' CLI and tests: money arriving on an employer's virtual account. */
  creditVirtualAccount(virtualAccount: string, amountPaise: number): Promise<BankCredit>;
  /** The page (opened in the admin's browser) where an employer's virtual account is recharged. */
  rechargeLink(virtualAccount: string): string;
}

/** The bank answered definitely with a 4xx: nothing was done by this call. */
export class BankRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`bank refused (${status} ${code}): ${description}`);
    this.name = 'BankRejectedError';
  }
}

/** No definite answer (timeout, network error, 5xx, 429): the outcome is unknown. */
export class BankUnavailableError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the bank answered (5xx, 429), null for a timeout or network error. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BankUnavailableError';
  }
}

// ---- wire schemas: what comes back is checked, since a half-read payout would be worse than an error ----

const payoutSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('payout'),
  status: z.enum(BANK_PAYOUT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  reference_id: z.string(),
  utr: z.string().nullable(),
  failure_reason: z.string().nullable(),
  fund_account: z.object({ account_number: z.string(), ifsc: z.string() }),
  created_at: z.string(),
});

const creditSchema = z.object({
  id: z.string().min(1),
  virtual_account: z.string(),
  amount: z.number().int(),
  utr: z.string(),
  created_at: z.string(),
});

const errorSchema = z.object({ error: z.object({ code: z.string(), description: z.string() }) });

export const BANK_PAYOUT_EVENTS = ['payout.queued', 'payout.processing', 'payout.processed', 'payout.failed', 'payout.reversed'] as const;

export type BankWebhookEvent =
  | { event: (typeof BANK_PAYOUT_EVENTS)[number]; event_id: string; created_at: string; payload: { payout: BankPayout } }
  | { event: 'virtual_account.credited'; event_id: string; created_at: string; payload: { credit: BankCredit } };

const webhookSchema = z.discriminatedUnion('event', [
  z.object({ event: z.enum(BANK_PAYOUT_EVENTS), event_id: z.string().min(1), created_at: z.string(), payload: z.object({ payout: payoutSchema }) }),
  z.object({ event: z.literal('virtual_account.credited'), event_id: z.string().min(1), created_at: z.string(), payload: z.object({ credit: creditSchema }) }),
]);

/**
 * Parses a webhook body (after `verifyBankSignature` accepted it). Returns null for a body that
 * is not one of the known events: the receiver answers 2xx to those and ignores them, so the bank
 * stops retrying an event the portal will never understand.
 */
export function parseBankWebhook(rawBody: Buffer | string): BankWebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** HMAC-SHA256 of the raw body, lowercase hex: what the bank puts in `X-Bank-Signature`. */
export function bankSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** True when `header` is the HMAC-SHA256 (hex) of the raw body under `secret`; compared in constant time. */
export function verifyBankSignature(secret: string, rawBody: Buffer | string, header: string | undefined): boolean {
  if (!header || !/^[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ---- the HTTP client of the simulated bank ----

class TimeoutError extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutError';
  }
}

export interface HttpPayoutsApiOptions {
  /** Where the portal reaches the bank, e.g. http://127.0.0.1:3001 */
  baseUrl: string;
  apiKey: string;
  /** Per call; past it the call fails with BankUnavailableError (outcome unknown). */
  timeoutMs: number;
  /** Where a browser reaches the bank's recharge page, when it differs from baseUrl. */
  publicUrl?: string;
}

export function createHttpPayoutsApi(options: HttpPayoutsApiOptions): PayoutsApi {
  const base = options.baseUrl.replace(/\/$/, '');
  const publicBase = (options.publicUrl ?? options.baseUrl).replace(/\/$/, '');
  // Kept-alive connections, at most 64 to the bank (as many as calls in flight, payoutConcurrency 48 by default).
  const dispatcher = new Agent({ connections: 64 });

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    let res: { status: number; text: string };
    try {
      res = await send(method, `${base}${path}`, body === undefined ? null : Buffer.from(JSON.stringify(body)), { authorization: `Bearer ${options.apiKey}`, ...headers });
    } catch (e) {
      const timedOut = e instanceof TimeoutError;
      throw new BankUnavailableError(timedOut ? `bank did not answer ${method} ${path} within ${options.timeoutMs} ms` : `bank unreachable for ${method} ${path}: ${e instanceof Error ? e.message : String(e)}`, null, { cause: e });
    }
    let json: unknown = undefined;
    try {
      json = res.text ? JSON.parse(res.text) : undefined;
    } catch {
      // judged below by the status
    }
    // 429 and 408 are 4xx but not refusals of the request itself: the outcome of a retry may differ.
    if (res.status >= 500 || res.status === 429 || res.status === 408) {
      throw new BankUnavailableError(`bank answered ${res.status} to ${method} ${path}`, res.status);
    }
    if (res.status >= 400) {
      const err = errorSchema.safeParse(json);
      throw new BankRejectedError(res.status, err.success ? err.data.error.code : `HTTP_${res.status}`, err.success ? err.data.error.description : res.text.slice(0, 200));
    }
    if (json === undefined) throw new BankUnavailableError(`bank answered ${res.status} to ${method} ${path} without a readable body`, res.status);
    return json;
  }

  /**
   * One exchange over a kept-alive connection (undici's request rather than fetch: a payroll run
   * makes thousands of calls, and this costs a fraction of fetch's CPU per call). The deadline
   * covers the whole exchange, body included: a bank that sends headers and then stalls is as
   * unknown as one that never answers. Past it the request is aborted (its connection closed) and
   * the call fails with TimeoutError.
   */
  async function send(method: 'GET' | 'POST', url: string, body: Buffer | null, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new TimeoutError()), options.timeoutMs);
    try {
      const res = await request(url, {
        method,
        dispatcher,
        signal: deadline.signal,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...headers },
        body,
      });
      return { status: res.statusCode, text: await res.body.text() };
    } catch (e) {
      if (deadline.signal.aborted) throw new TimeoutError();
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  function payout(json: unknown, what: string): BankPayout {
    const p = payoutSchema.safeParse(json);
    if (!p.success) throw new BankUnavailableError(`bank answered ${what} with an unexpected payout shape`);
    return p.data;
  }

  return {
    async createPayout(idempotencyKey, req) {
      const body = {
        account_number: req.account_number,
        ifsc: req.ifsc,
        amount: req.amount,
        currency: req.currency ?? 'INR',
        mode: req.mode ?? 'IMPS',
        purpose: req.purpose ?? 'salary',
        reference_id: req.reference_id,
        ...(req.narration === undefined ? {} : { narration: req.narration }),
      };
      return payout(await call('POST', '/v1/payouts', body, { 'x-payout-idempotency': idempotencyKey }), 'create');
    },
    async getPayout(id) {
      return payout(await call('GET', `/v1/payouts/${encodeURIComponent(id)}`), 'get');
    },
    async findByReference(referenceId) {
      const json = await call('GET', `/v1/payouts?reference_id=${encodeURIComponent(referenceId)}`);
      const list = z.object({ items: z.array(payoutSchema) }).safeParse(json);
      if (!list.success) throw new BankUnavailableError('bank answered the reference search with an unexpected shape');
      return list.data.items;
    },
    async creditVirtualAccount(virtualAccount, amountPaise) {
      const json = await call('POST', '/v1/sim/credits', { virtual_account: virtualAccount, amount: amountPaise });
      const c = creditSchema.safeParse(json);
      if (!c.success) throw new BankUnavailableError('bank answered the credit with an unexpected shape');
      return c.data;
    },
    rechargeLink(virtualAccount) {
      return `${publicBase}/recharge?va=${encodeURIComponent(virtualAccount)}`;
    },
  };
}
