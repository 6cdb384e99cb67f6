/**
 * The simulated bank over HTTP, against a real PostgreSQL (the test env's database, schema
 * bank_sim), with the portal's own client (platform/payouts.ts) and a small webhook receiver on
 * node:http standing in for the portal's webhook route.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelinedClient } from '@portal/bank-sim/http-pipeline';
import { startBankSim, type BankSim, type RulesPatch } from '@portal/bank-sim';
import {
  BankRejectedError,
  BankUnavailableError,
  createHttpPayoutsApi,
  parseBankWebhook,
  verifyBankSignature,
  type BankPayout,
  type PayoutRequest,
  type PayoutsApi,
} from '../src/platform/payouts.js';
import { createTestEnv, type TestEnv } from './harness.js';

const API_KEY = 'bank-test-key';
const SECRET = 'bank-test-webhook-secret';
/** Fast everything: settles at once, retries webhooks quickly. */
const FAST: RulesPatch = {
  latencyMs: { toProcessing: [0, 0], toSettled: [0, 0], toReversed: [50, 50] },
  webhookRetryBaseMs: 30,
  webhookRetryMaxMs: 200,
  webhookTimeoutMs: 2_000,
  hangMs: 10_000,
};

interface Received {
  eventId: string;
  event: string;
  /** The payout or credit id. */
  subject: string;
  status: string | null;
  account: string | null;
  signatureOk: boolean;
  answered: number;
  at: number;
}

/** The webhook receiver: records every delivery (accepted or not) and answers what `answer` says. */
class Receiver {
  readonly all: Received[] = [];
  answer: (r: Omit<Received, 'answered' | 'at'>) => number = () => 200;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const ev = parseBankWebhook(raw);
      const header = req.headers['x-bank-signature'];
      const r = {
        eventId: ev?.event_id ?? '?',
        event: ev?.event ?? '?',
        subject: ev ? ('payout' in ev.payload ? ev.payload.payout.id : ev.payload.credit.id) : '?',
        status: ev && 'payout' in ev.payload ? ev.payload.payout.status : null,
        account: ev && 'payout' in ev.payload ? ev.payload.payout.fund_account.account_number : null,
        signatureOk: verifyBankSignature(SECRET, raw, typeof header === 'string' ? header : undefined),
      };
      const answered = this.answer(r);
      this.all.push({ ...r, answered, at: Date.now() });
      res.statusCode = answered;
      res.end();
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/webhooks/bank`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  /** Accepted deliveries about one subject, in arrival order. */
  accepted(subject: string) {
    return this.all.filter((r) => r.subject === subject && r.answered >= 200 && r.answered < 300);
  }
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let env: TestEnv;
let databaseUrl: string;
let receiver: Receiver;
let bank: BankSim;
let client: PayoutsApi;
let seq = 0;
const run = Date.now().toString(36);
/** A distinct account number per test, so rules and webhooks of one test do not touch another's. */
const account = () => `5000${run}${String(seq++).padStart(4, '0')}`.replace(/[^0-9A-Za-z]/g, '').slice(0, 30);
const request = (acct: string, over: Partial<PayoutRequest> = {}): PayoutRequest => ({
  account_number: acct,
  ifsc: 'HDFC0001234',
  amount: 1_234_56,
  reference_id: `ref-${acct}`,
  narration: 'Salary Oct 2026',
  ...over,
});
const newBank = (rules: RulesPatch = {}) => startBankSim({ databaseUrl, apiKey: API_KEY, webhookUrl: receiver.url, webhookSecret: SECRET, rules: { ...FAST, ...rules } });
const stats = async (url = bank.url) => (await fetch(`${url}/v1/sim/stats`, { headers: { authorization: `Bearer ${API_KEY}` } })).json() as Promise<{
  payouts: { total: number; byStatus: Record<string, number> };
  byReference: Record<string, number>;
  credits: number;
}>;
const settled = (id: string, status = 'processed') => waitFor(`payout ${id} ${status}`, async () => {
  const p = await client.getPayout(id);
  return p.status === status ? p : null;
});

beforeAll(async () => {
  env = await createTestEnv();
  databaseUrl = env.deps.config.databaseUrl!;
  receiver = new Receiver();
  await receiver.start();
  bank = await newBank();
  client = createHttpPayoutsApi({ baseUrl: bank.url, apiKey: API_KEY, timeoutMs: 5_000 });
});
afterAll(async () => {
  await bank?.close();
  await receiver?.close();
  await env?.close();
});

describe('POST /v1/payouts: idempotency', () => {
  it('gives the same payout for the same key and body, whatever the key order', async () => {
    const acct = account();
    const a = await client.createPayout(`k-${acct}`, request(acct));
    expect(a).toMatchObject({ entity: 'payout', amount: 123456, currency: 'INR', reference_id: `ref-${acct}`, fund_account: { account_number: acct, ifsc: 'HDFC0001234' } });
    expect(a.id).toMatch(/^pout_/);
    const b = await client.createPayout(`k-${acct}`, request(acct));
    expect(b.id).toBe(a.id);
    // The same body written another way (keys reordered, defaults spelled out) is the same request.
    const raw = await fetch(`${bank.url}/v1/payouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', 'x-payout-idempotency': `k-${acct}` },
      body: JSON.stringify({ narration: 'Salary Oct 2026', reference_id: `ref-${acct}`, purpose: 'salary', mode: 'IMPS', currency: 'INR', amount: 123456, ifsc: 'HDFC0001234', account_number: acct }),
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as BankPayout).id).toBe(a.id);
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
  });

  it('refuses the same key with another body (409), a missing key (400) and a bad body (400)', async () => {
    const acct = account();
    await client.createPayout(`k-${acct}`, request(acct));
    const conflict = await client.createPayout(`k-${acct}`, request(acct, { amount: 99 })).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(BankRejectedError);
    expect(conflict).toMatchObject({ status: 409, code: 'BAD_REQUEST_ERROR' });
    expect((conflict as BankRejectedError).description).toMatch(/same X-Payout-Idempotency/);

    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${bank.url}/v1/payouts`, { method: 'POST', headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const noKey = await post({}, request(acct));
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ error: { code: 'BAD_REQUEST_ERROR', description: expect.stringMatching(/X-Payout-Idempotency/) } });
    for (const bad of [{ ...request(acct), amount: 10.5 }, { ...request(acct), amount: 0 }, { ...request(acct), ifsc: 'bad' }, { ...request(acct), reference_id: undefined }]) {
      const res = await post({ 'x-payout-idempotency': `k2-${acct}` }, bad);
      expect(res.status).toBe(400);
    }
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
  });

  it('needs the bearer key on /v1', async () => {
    const wrong = createHttpPayoutsApi({ baseUrl: bank.url, apiKey: 'nope', timeoutMs: 2_000 });
    const e = await wrong.findByReference('x').catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BankRejectedError);
    expect(e).toMatchObject({ status: 401 });
    expect((await fetch(`${bank.url}/v1/sim/stats`)).status).toBe(401);
    // No spelling of the path gets past the key.
    for (const p of ['/%761/sim/stats', '/v1/sim/%73tats', '/v1//sim/stats', '/v1/sim/stats/']) {
      expect((await fetch(`${bank.url}${p}`)).status).not.toBe(200);
    }
  });

  it('takes rules over HTTP, refusing unknown or invalid ones', async () => {
    const put = (body: unknown) =>
      fetch(`${bank.url}/v1/sim/rules`, { method: 'PUT', headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await put({ webhookDuplicateRate: 0, latencyMs: { toReversed: [50, 60] } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ webhookDuplicateRate: 0, latencyMs: { toProcessing: [0, 0], toReversed: [50, 60] } });
    for (const bad of [{ nope: 1 }, { webhookDuplicateRate: 2 }, { latencyMs: { toSettled: [5, 1] } }]) expect((await put(bad)).status).toBe(400);
  });
});

describe('lifecycle and webhooks', () => {
  it('goes queued -> processing -> processed with a UTR, and sends each step signed and in order', async () => {
    const acct = account();
    const p = await client.createPayout(`k-${acct}`, request(acct));
    const done = await settled(p.id);
    expect(done.utr).toMatch(/^[0-9A-Za-z]{12}$/);
    const got = await waitFor('3 events', () => (receiver.accepted(p.id).length >= 3 ? receiver.accepted(p.id) : null));
    expect(got.map((r) => r.event)).toEqual(['payout.queued', 'payout.processing', 'payout.processed']);
    expect(got.every((r) => r.signatureOk)).toBe(true);
    expect(new Set(got.map((r) => r.eventId)).size).toBe(3);
    expect(await client.findByReference(`ref-${acct}`)).toEqual([done]);
  });

  it('waits the configured latency at each step', async () => {
    bank.setRules({ latencyMs: { toProcessing: [300, 300], toSettled: [300, 300], toReversed: [50, 50] } });
    try {
      const acct = account();
      const started = Date.now();
      const p = await client.createPayout(`k-${acct}`, request(acct));
      expect(p.status).toBe('queued');
      await settled(p.id, 'processing');
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
      await settled(p.id);
      expect(Date.now() - started).toBeGreaterThanOrEqual(580);
    } finally {
      bank.setRules(FAST);
    }
  });

  it('fails payouts to the failing accounts and reverses those of the reversing ones', async () => {
    const failing = account();
    const reversing = account();
    bank.setRules({ failAccounts: [failing], reverseAccounts: [reversing] });
    const f = await client.createPayout(`k-${failing}`, request(failing));
    const r = await client.createPayout(`k-${reversing}`, request(reversing));
    const failed = await settled(f.id, 'failed');
    expect(failed.utr).toBeNull();
    expect(failed.failure_reason).toBeTruthy();
    const reversed = await settled(r.id, 'reversed');
    expect(reversed.utr).toHaveLength(12);
    expect(reversed.failure_reason).toBeTruthy();
    await waitFor('failed and reversed events', () => receiver.accepted(f.id).length >= 3 && receiver.accepted(r.id).length >= 4);
    expect(receiver.accepted(f.id).map((e) => e.event)).toEqual(['payout.queued', 'payout.processing', 'payout.failed']);
    expect(receiver.accepted(r.id).map((e) => e.event)).toEqual(['payout.queued', 'payout.processing', 'payout.processed', 'payout.reversed']);
  });

  it('retries a webhook until the receiver answers 2xx, keeping the payout order', async () => {
    const acct = account();
    let refusals = 0;
    receiver.answer = (r) => (r.account === acct && r.event === 'payout.queued' && refusals++ < 3 ? 503 : 200);
    try {
      const p = await client.createPayout(`k-${acct}`, request(acct));
      await waitFor('delivery after refusals', () => receiver.accepted(p.id).length >= 3, 15_000);
      const attempts = receiver.all.filter((r) => r.subject === p.id);
      expect(attempts.filter((r) => r.event === 'payout.queued' && r.answered === 503)).toHaveLength(3);
      expect(attempts.every((r) => r.signatureOk)).toBe(true);
      // Nothing later about the payout went out while its queued event was being refused.
      const firstOk = attempts.findIndex((r) => r.answered === 200);
      expect(attempts[firstOk]!.event).toBe('payout.queued');
      expect(receiver.accepted(p.id).map((e) => e.event)).toEqual(['payout.queued', 'payout.processing', 'payout.processed']);
    } finally {
      receiver.answer = () => 200;
    }
  });

  it('sends events twice when the duplicate rule says so', async () => {
    bank.setRules({ webhookDuplicateRate: 1 });
    try {
      const acct = account();
      const p = await client.createPayout(`k-${acct}`, request(acct));
      const got = await waitFor('6 deliveries', () => (receiver.accepted(p.id).length >= 6 ? receiver.accepted(p.id) : null));
      const byId = new Map<string, number>();
      for (const r of got) byId.set(r.eventId, (byId.get(r.eventId) ?? 0) + 1);
      expect([...byId.values()]).toEqual([2, 2, 2]);
    } finally {
      bank.setRules({ webhookDuplicateRate: 0 });
    }
  });

  it('delivers out of order when the rule says so (seeded)', async () => {
    bank.setRules({ webhookOutOfOrder: true, webhookReorderWindowMs: 400, seed: 42 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const acct = account();
        ids.push((await client.createPayout(`k-${acct}`, request(acct))).id);
      }
      await waitFor('all events', () => ids.every((id) => receiver.accepted(id).length >= 3));
      const rank: Record<string, number> = { 'payout.queued': 0, 'payout.processing': 1, 'payout.processed': 2 };
      const outOfOrder = ids.filter((id) => {
        const order = receiver.accepted(id).map((r) => rank[r.event]!);
        return order.some((v, i) => i > 0 && v < order[i - 1]!);
      });
      expect(outOfOrder.length).toBeGreaterThan(0);
    } finally {
      bank.setRules({ webhookOutOfOrder: false });
    }
  });
});

describe('faults on the create call', () => {
  const impatient = () => createHttpPayoutsApi({ baseUrl: bank.url, apiKey: API_KEY, timeoutMs: 300 });

  it('timeout before recording: unknown outcome, nothing recorded, the retry with the same key creates it once', async () => {
    const acct = account();
    bank.setRules({ timeoutBeforeRecording: [acct] });
    const e = await impatient().createPayout(`k-${acct}`, request(acct)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BankUnavailableError);
    expect((e as BankUnavailableError).status).toBeNull();
    expect(await client.findByReference(`ref-${acct}`)).toEqual([]);
    const p = await client.createPayout(`k-${acct}`, request(acct));
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
    await settled(p.id);
  });

  it('timeout after recording: unknown outcome, but recorded; the retry returns the recorded payout', async () => {
    const acct = account();
    bank.setRules({ timeoutAfterRecording: [acct] });
    const e = await impatient().createPayout(`k-${acct}`, request(acct)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BankUnavailableError);
    const found = await client.findByReference(`ref-${acct}`);
    expect(found).toHaveLength(1);
    const retry = await client.createPayout(`k-${acct}`, request(acct));
    expect(retry.id).toBe(found[0]!.id);
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
  });

  it('500 before recording: unavailable with status 500, nothing recorded, the retry creates it once', async () => {
    const acct = account();
    bank.setRules({ error500BeforeRecording: [acct] });
    const e = await client.createPayout(`k-${acct}`, request(acct)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BankUnavailableError);
    expect((e as BankUnavailableError).status).toBe(500);
    expect(await client.findByReference(`ref-${acct}`)).toEqual([]);
    await client.createPayout(`k-${acct}`, request(acct));
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
  });

  it('500 after recording: unavailable, but recorded; the retry returns the recorded payout', async () => {
    const acct = account();
    bank.setRules({ error500AfterRecording: [acct] });
    const e = await client.createPayout(`k-${acct}`, request(acct)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BankUnavailableError);
    const found = await client.findByReference(`ref-${acct}`);
    expect(found).toHaveLength(1);
    expect((await client.createPayout(`k-${acct}`, request(acct))).id).toBe(found[0]!.id);
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
  });
});

describe('credits, recharge page, stats', () => {
  it('records a credit and sends virtual_account.credited', async () => {
    const before = await stats();
    const c = await client.creditVirtualAccount('VA-TEST-1', 50_000_00);
    expect(c).toMatchObject({ virtual_account: 'VA-TEST-1', amount: 5_000_000 });
    expect(c.id).toMatch(/^vacr_/);
    expect(c.utr).toHaveLength(12);
    const [got] = await waitFor('credit event', () => (receiver.accepted(c.id).length ? receiver.accepted(c.id) : null));
    expect(got).toMatchObject({ event: 'virtual_account.credited', signatureOk: true });
    expect((await stats()).credits).toBe(before.credits + 1);
    for (const amount of [0, -5, 10.5]) {
      const e = await client.creditVirtualAccount('VA-TEST-1', amount).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(BankRejectedError);
      expect(e).toMatchObject({ status: 400 });
    }
  });

  it('serves the recharge page and its post without the key (and /v1 credits only with it)', async () => {
    const page = await fetch(`${bank.url}/recharge?va=${encodeURIComponent('VA<1>')}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    const html = await page.text();
    expect(html).toContain('VA&lt;1&gt;');
    expect(html).not.toContain('VA<1>');
    expect(html).toContain('Add amount');
    expect(client.rechargeLink('VA 9')).toBe(`${bank.url}/recharge?va=VA%209`);

    const post = await fetch(`${bank.url}/recharge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ virtual_account: 'VA-TEST-2', amount: 250_050 }) });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ virtual_account: 'VA-TEST-2', amount: 250_050 });
    const open = await fetch(`${bank.url}/v1/sim/credits`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ virtual_account: 'VA-TEST-2', amount: 1 }) });
    expect(open.status).toBe(401);
  });

  it('counts payouts by status and by reference', async () => {
    const ok = account();
    const bad = account();
    bank.setRules({ failAccounts: [bad] });
    const before = await stats();
    const a = await client.createPayout(`k-${ok}`, request(ok));
    const b = await client.createPayout(`k-${bad}`, request(bad));
    await settled(a.id);
    await settled(b.id, 'failed');
    const after = await stats();
    expect(after.payouts.total).toBe(before.payouts.total + 2);
    expect(after.payouts.byStatus.processed).toBe(before.payouts.byStatus.processed! + 1);
    expect(after.payouts.byStatus.failed).toBe(before.payouts.byStatus.failed! + 1);
    expect(after.byReference[`ref-${ok}`]).toBe(1);
    expect(after.byReference[`ref-${bad}`]).toBe(1);
  });
});

describe('restart', () => {
  it('loses nothing: queued payouts settle and undelivered events go out after a new start on the same database', async () => {
    // Slow steps, and a receiver that refuses everything: the bank closes with work in flight.
    bank.setRules({ latencyMs: { toProcessing: [400, 400], toSettled: [0, 0], toReversed: [0, 0] } });
    receiver.answer = () => 503;
    const acct = account();
    const p = await client.createPayout(`k-${acct}`, request(acct));
    const c = await client.creditVirtualAccount('VA-RESTART', 100);
    await waitFor('a refused delivery', () => receiver.all.some((r) => r.subject === c.id));
    await bank.close();
    receiver.answer = () => 200;

    bank = await newBank();
    client = createHttpPayoutsApi({ baseUrl: bank.url, apiKey: API_KEY, timeoutMs: 5_000 });
    const done = await settled(p.id);
    expect(done.utr).toHaveLength(12);
    await waitFor('events after restart', () => receiver.accepted(p.id).length >= 3 && receiver.accepted(c.id).length >= 1);
    expect(receiver.accepted(p.id).map((e) => e.event)).toEqual(['payout.queued', 'payout.processing', 'payout.processed']);
    // The key is still known: the same request is the same payout.
    expect((await client.createPayout(`k-${acct}`, request(acct))).id).toBe(p.id);
    expect((await stats()).byReference[`ref-${acct}`]).toBe(1);
  });
});

describe('the client', () => {
  it('classifies answers: 4xx rejected, 5xx / timeout / network unavailable', async () => {
    const notFound = await client.getPayout('pout_missing').catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(BankRejectedError);
    expect(notFound).toMatchObject({ status: 404, code: 'BAD_REQUEST_ERROR' });

    // A port nothing listens on.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const down = await createHttpPayoutsApi({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, timeoutMs: 1_000 }).getPayout('x').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(BankUnavailableError);
    expect((down as BankUnavailableError).status).toBeNull();

    // A server that answers 502, one that answers 200 with garbage, one that never answers.
    const odd = http.createServer((req, res) => {
      if (req.url?.includes('slow')) return;
      res.statusCode = req.url?.includes('bad-gateway') ? 502 : 200;
      res.end('<html>not json</html>');
    });
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    const oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
    try {
      const api = createHttpPayoutsApi({ baseUrl: oddUrl, apiKey: API_KEY, timeoutMs: 300 });
      const e502 = await api.getPayout('bad-gateway').catch((e: unknown) => e);
      expect(e502).toBeInstanceOf(BankUnavailableError);
      expect((e502 as BankUnavailableError).status).toBe(502);
      expect(await api.getPayout('garbage').catch((e: unknown) => e)).toBeInstanceOf(BankUnavailableError);
      const slow = await api.getPayout('slow').catch((e: unknown) => e);
      expect(slow).toBeInstanceOf(BankUnavailableError);
      expect((slow as Error).message).toMatch(/within 300 ms/);
    } finally {
      odd.closeAllConnections();
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });

  it('verifies signatures in constant time and refuses anything else', () => {
    const body = Buffer.from('{"event":"x"}');
    const good = (secret: string) => createHmac('sha256', secret).update(body).digest('hex');
    expect(verifyBankSignature(SECRET, body, good(SECRET))).toBe(true);
    expect(verifyBankSignature(SECRET, body.toString(), good(SECRET).toUpperCase())).toBe(true);
    expect(verifyBankSignature(SECRET, body, good('other'))).toBe(false);
    expect(verifyBankSignature(SECRET, Buffer.from('{"event":"y"}'), good(SECRET))).toBe(false);
    expect(verifyBankSignature(SECRET, body, undefined)).toBe(false);
    expect(verifyBankSignature(SECRET, body, '')).toBe(false);
    expect(verifyBankSignature(SECRET, body, 'zz')).toBe(false);
    expect(verifyBankSignature(SECRET, body, good(SECRET).slice(0, 62))).toBe(false);
  });
});

describe('webhook transport (pipelined HTTP/1.1)', () => {
  // A receiver that answers as each request asks: status, and how the answer is framed.
  const start = async (configure: (server: http.Server) => void = () => {}) => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const status = Number(req.headers['x-status'] ?? 200);
        const mode = String(req.headers['x-mode'] ?? 'length');
        if (mode === 'hang') return;
        res.statusCode = status;
        if (mode === 'close') res.setHeader('connection', 'close');
        if (mode === 'chunked') {
          res.write('part one;');
          setTimeout(() => res.end('part two'), 5);
        } else if (mode === 'empty' || status === 204) res.end();
        else res.end(JSON.stringify({ ok: status < 300, pad: 'x'.repeat(Number(req.headers['x-pad'] ?? 0)) }));
      });
    });
    configure(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    return {
      url,
      stop: () => {
        server.closeAllConnections();
        return new Promise<void>((r) => server.close(() => r()));
      },
    };
  };
  const req = (headers: Record<string, string>) => ({ headers, body: Buffer.from('{"n":1}') });

  it('gives each request its own answer, whatever the framing', async () => {
    const s = await start();
    const client = new PipelinedClient(s.url, 3);
    try {
      const modes = ['length', 'chunked', 'empty', 'length'];
      const statuses = [200, 201, 204, 500, 503, 404, 202];
      const requests = Array.from({ length: 40 }, (_, i) => req({ 'x-status': String(statuses[i % 7]), 'x-mode': modes[i % 4]!, 'x-pad': String((i * 997) % 70_000) }));
      const results = await client.postAll(requests, 5_000);
      expect(results).toEqual(requests.map((_, i) => (statuses[i % 7]! < 300 ? null : `HTTP ${statuses[i % 7]}`)));
      // And again over the kept-alive connections.
      expect(await client.postAll(requests.slice(0, 5), 5_000)).toEqual([null, null, null, 'HTTP 500', 'HTTP 503']);
    } finally {
      client.close();
      await s.stop();
    }
  });

  it('sends again what a closed connection leaves unanswered, fails what a silent one leaves, and survives the receiver dropping idle connections', async () => {
    const s = await start((server) => (server.keepAliveTimeout = 100));
    const client = new PipelinedClient(s.url, 1);
    try {
      // The receiver closes the connection after the second answer: the two requests pipelined
      // behind it are sent again on a new connection (webhooks are idempotent), and answered.
      const results = await client.postAll([req({}), req({ 'x-mode': 'close' }), req({}), req({})], 2_000);
      expect(results).toEqual([null, null, null, null]);
      const silent = await client.postAll([req({}), req({ 'x-mode': 'hang' }), req({})], 300);
      expect(silent[0]).toBeNull();
      expect(silent[1]).toMatch(/no answer/);
      expect(silent[2]).toMatch(/no answer/);
      // The receiver closes the idle connection after 100 ms; the next round still gets through.
      expect(await client.postAll([req({})], 2_000)).toEqual([null]);
      await new Promise((r) => setTimeout(r, 250));
      expect(await client.postAll([req({}), req({})], 2_000)).toEqual([null, null]);
    } finally {
      client.close();
      await s.stop();
    }
    const down = new PipelinedClient(s.url, 2);
    const refused = await down.postAll([req({}), req({})], 1_000);
    expect(refused.every((r) => r !== null)).toBe(true);
  });
});

describe('throughput', () => {
  it('creates and settles payouts in bulk with latency 0 (figure printed)', async () => {
    const N = Number(process.env.BANK_SIM_BENCH_N ?? 2_000);
    const CONCURRENCY = 64;
    const before = await stats();
    const delivered = () => receiver.all.filter((r) => r.answered === 200).length;
    const deliveredBefore = delivered();
    const started = Date.now();
    let next = 0;
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) {
          const i = next++;
          const acct = `7${run}${String(i).padStart(7, '0')}`.replace(/[^0-9A-Za-z]/g, '');
          ids.push((await client.createPayout(`bulk-${run}-${i}`, request(acct, { reference_id: `bulk-${run}-${i}` }))).id);
        }
      }),
    );
    const created = Date.now();
    await waitFor('all processed', async () => (await stats()).payouts.byStatus.processed! >= before.payouts.byStatus.processed! + N, 60_000);
    const processed = Date.now();
    await waitFor('all events delivered', () => delivered() - deliveredBefore >= 3 * N, 60_000);
    const webhooksDone = Date.now();
    const perSec = (ms: number) => Math.round((N * 1000) / ms);
    // Client, bank and receiver share this one process (and the test's portal), so this is well
    // below what the bank does in its own process: bench/bank-throughput.ts measures that.
    console.log(
      `bank-sim throughput, in-process: ${N} payouts; created ${perSec(created - started)}/s; created and processed ${perSec(processed - started)}/s; ` +
        `with all ${3 * N} webhooks delivered ${perSec(webhooksDone - started)}/s`,
    );
    expect(new Set(ids).size).toBe(N);
    // A lenient floor: the figure that matters is printed; this only catches a collapse.
    expect(perSec(processed - started)).toBeGreaterThan(200);
  }, 120_000);
});
