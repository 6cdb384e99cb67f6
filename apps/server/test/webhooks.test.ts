/**
 * Webhooks (issue 26, decision 0045), against a test receiver on this machine: every delivery is
 * signed (HMAC-SHA256 over "<t>.<body>" with the endpoint's secret; both secrets during a
 * rotation), retried after a 500 and after a timeout with growing waits, given up 24 h after its
 * event, deduplicable by its event id, replayable, and never holds up the change that caused it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_DATA, WEBHOOK_FIRST_BACKOFF_MS, WEBHOOK_HEADERS, WEBHOOK_MSG, WEBHOOK_TOLERANCE_S } from '@portal/domain';
import { attemptDelivery } from '../src/features/webhooks/jobs.js';
import { workPayoutJobs, type PayoutWorker } from '../src/features/payouts/index.js';
import { applyBankUpdates } from '../src/features/payouts/status.js';
import { bankSignature } from '../src/platform/payouts.js';
import { movePayroll, startPayroll } from '../src/features/payroll/lifecycle.js';
import { workWebhookDeliveries } from '../src/features/webhooks/index.js';
import { createWorkerSide } from '../src/features/worker-side/service.js';
import { createEmployer, createTestEnv, signIn, uniqueMobile, type TestEnv } from './harness.js';
import { WEBHOOK_SECRET, insertFrozenPayroll, payoutCalls, sleep, startTestBank, type TestBank } from './payouts-fixtures.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver as an integrator would write one: checks the signature, keeps each event id once. */
class Receiver {
  received: Received[] = [];
  /** What to do with the next requests, in order; then 200. */
  plan: ('500' | 'hang' | '200')[] = [];
  held: (() => void)[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body });
      const next = this.plan.shift() ?? '200';
      if (next === '500') res.writeHead(500).end('down');
      else if (next === 'hang') this.held.push(() => res.writeHead(200).end());
      else res.writeHead(200).end('ok');
    });
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  async stop() {
    for (const release of this.held) release();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** The few lines docs/integrations.md gives an integrator: true when one v1 signature matches a secret. */
function verify(secret: string, header: string, body: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isFinite(t) || Math.abs(nowS - t) > WEBHOOK_TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([k, v]) => k === 'v1' && v.length === expected.length * 2 && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}

let env: TestEnv;
let receiver: Receiver;
let owner: string;
let employer: Awaited<ReturnType<typeof createEmployer>>;

beforeAll(async () => {
  env = await createTestEnv({ queue: true });
  await workWebhookDeliveries(env.deps);
  receiver = new Receiver();
  await receiver.start();
  employer = await createEmployer(env, { config: { isEmployeeApprovalEnabled: true } });
  owner = await signIn(env, employer.owner);
});
afterAll(async () => {
  await receiver?.stop();
  await env?.close();
});

const addEndpoint = (events: string[], url = receiver.url, token = owner) => env.call('POST', '/employer-admin/webhooks', { token, body: { url, events } });
const deliveries = async () => (await env.call('GET', '/employer-admin/webhooks/deliveries', { token: owner })).body.deliveries as { id: string; status: string; eventId: string; eventType: string; attempts: number; lastStatusCode: number | null; lastError: string | null; nextAttemptAt: string | null }[];
async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const registerPending = (employerWorkerId: string) =>
  createWorkerSide(env.deps).register({ employerId: employer.employer.id, mobile: uniqueMobile(), fullName: 'Hook Worker', employerWorkerId, monthlySalary: 2_000_000, joinedAt: '2025-04-01' });

describe('webhook endpoints', () => {
  it('take https addresses only (and this machine outside production), and at least one event', async () => {
    for (const [url, message] of [
      ['http://hooks.example.com/x', WEBHOOK_MSG.urlNotHttps],
      ['https://10.1.2.3/x', WEBHOOK_MSG.urlPrivate],
      ['https://[::1]/x', WEBHOOK_MSG.urlPrivate],
      ['not a url', WEBHOOK_MSG.urlInvalid],
    ] as const) {
      const res = await addEndpoint(['upload.processed'], url);
      expect(res.status, url).toBe(400);
      expect(res.body.message.description, url).toBe(message);
    }
    expect((await addEndpoint([], 'https://hooks.example.com/x')).status).toBe(400);
  });
});

describe('deliveries', () => {
  let secret: string;
  let endpointId: string;

  it('are signed with the secret shown once, carry the event id and type, and say what happened in whole', async () => {
    const made = await addEndpoint(['worker.waiting_for_approval', 'ewa_request.waiting']);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    secret = made.body.secret;
    endpointId = made.body.endpoint.id;
    expect(secret).toMatch(/^whsec_/);
    const { rows } = await env.deps.pool.query('select secret from webhook_endpoints where id = $1', [endpointId]);
    expect(rows[0].secret).not.toContain(secret.slice(6)); // sealed at rest

    const w = await registerPending('HOOK-1');
    const list = await until(deliveries, (d) => d.some((x) => x.status === 'DELIVERED'));
    const d = list.find((x) => x.eventType === 'worker.waiting_for_approval')!;
    expect(d).toMatchObject({ status: 'DELIVERED', attempts: 1, lastStatusCode: 200 });
    const got = receiver.received.at(-1)!;
    expect(got.headers[WEBHOOK_HEADERS.eventId]).toBe(d.eventId);
    expect(got.headers[WEBHOOK_HEADERS.eventType]).toBe('worker.waiting_for_approval');
    expect(verify(secret, String(got.headers[WEBHOOK_HEADERS.signature]), got.body)).toBe(true);
    expect(verify('whsec_wrong', String(got.headers[WEBHOOK_HEADERS.signature]), got.body)).toBe(false);
    expect(verify(secret, String(got.headers[WEBHOOK_HEADERS.signature]), got.body.replace('HOOK-1', 'HOOK-2'))).toBe(false);
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ id: d.eventId, type: 'worker.waiting_for_approval', data: { workerId: w.id, employerWorkerId: 'HOOK-1', monthlySalaryPaise: 2_000_000 } });
  });

  it('after a 500 and after a timeout, wait longer each time, then deliver once', async () => {
    receiver.plan = ['500', 'hang'];
    const before = receiver.received.length;
    await registerPending('HOOK-RETRY');
    const first = await until(deliveries, (d) => d[0]?.attempts === 1);
    expect(first[0]).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    const wait1 = Date.parse(first[0]!.nextAttemptAt!) - Date.now();
    expect(wait1).toBeGreaterThan(WEBHOOK_FIRST_BACKOFF_MS - 5_000);
    // The next attempt, now rather than in 30 s: the receiver does not answer within 10 s.
    expect(await attemptDelivery(env.deps, first[0]!.id)).toBe('PENDING');
    const second = (await deliveries())[0]!;
    expect(second).toMatchObject({ status: 'PENDING', attempts: 2, lastStatusCode: null, lastError: 'No answer within 10 s' });
    expect(Date.parse(second.nextAttemptAt!) - Date.now()).toBeGreaterThan(2 * WEBHOOK_FIRST_BACKOFF_MS - 5_000);
    expect(await attemptDelivery(env.deps, first[0]!.id)).toBe('DELIVERED');
    // Delivered: a queued attempt that runs later sends nothing.
    expect(await attemptDelivery(env.deps, first[0]!.id)).toBe('DELIVERED');
    const ids = receiver.received.slice(before).map((r) => r.headers[WEBHOOK_HEADERS.eventId]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  }, 40_000);

  it('are given up 24 hours after their event, and an admin may replay one: same event id', async () => {
    receiver.plan = ['500'];
    await registerPending('HOOK-LATE');
    const pending = await until(deliveries, (d) => d[0]?.attempts === 1);
    env.clock.advance(25 * 60 * 60 * 1000);
    receiver.plan = ['500'];
    try {
      expect(await attemptDelivery(env.deps, pending[0]!.id)).toBe('FAILED');
    } finally {
      env.clock.advance(-25 * 60 * 60 * 1000);
    }
    const failed = (await deliveries())[0]!;
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 2, nextAttemptAt: null });
    const replay = await env.call('POST', `/employer-admin/webhooks/deliveries/${failed.id}/replay`, { token: owner });
    expect(replay.body.message).toBe(WEBHOOK_MSG.replayed);
    const again = await until(deliveries, (d) => d[0]?.status === 'DELIVERED');
    expect(again[0]!.eventId).toBe(failed.eventId);
    expect(again[0]!.id).not.toBe(failed.id);
  });

  it('during a rotation carry both secrets; afterwards only the new one', async () => {
    const rotated = await env.call('POST', `/employer-admin/webhooks/${endpointId}/rotate-secret`, { token: owner });
    expect(rotated.body.message).toBe(WEBHOOK_MSG.rotated);
    const fresh: string = rotated.body.secret;
    expect(rotated.body.endpoint.previousSecretUntil).not.toBeNull();
    const ping = await env.call('POST', `/employer-admin/webhooks/${endpointId}/ping`, { token: owner });
    expect(ping.body.message).toBe(WEBHOOK_MSG.pinged);
    await until(deliveries, (d) => d[0]?.eventType === 'ping' && d[0].status === 'DELIVERED');
    const got = receiver.received.at(-1)!;
    const header = String(got.headers[WEBHOOK_HEADERS.signature]);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verify(fresh, header, got.body)).toBe(true);
    expect(verify(secret, header, got.body)).toBe(true);
    // A day later (the session would not last a day of the test clock: the window is ended in the database instead).
    await env.deps.db.updateTable('webhook_endpoints').set({ previous_secret_until: new Date(Date.now() - 1000) }).where('id', '=', endpointId).execute();
    const before = receiver.received.length;
    await env.call('POST', `/employer-admin/webhooks/${endpointId}/ping`, { token: owner });
    await until(async () => receiver.received.length, (n) => n > before);
    const later = receiver.received.at(-1)!;
    const h = String(later.headers[WEBHOOK_HEADERS.signature]);
    expect(h.match(/v1=/g)).toHaveLength(1);
    expect(verify(fresh, h, later.body)).toBe(true);
    expect(verify(secret, h, later.body)).toBe(false);
  });

  it('never hold up the change that caused them, and are taken in any order', async () => {
    receiver.plan = ['hang', 'hang'];
    const before = receiver.received.length;
    const a = await registerPending('HOOK-A'); // returns while the receiver holds the first delivery
    const b = await registerPending('HOOK-B');
    expect(a.approval_status).toBe('PENDING');
    expect(b.approval_status).toBe('PENDING');
    await until(async () => receiver.received.length, (n) => n >= before + 2);
    for (const release of receiver.held.splice(0)) release();
    const seen = new Map<string, { employerWorkerId: string }>();
    for (const r of receiver.received.slice(before).reverse()) {
      const e = JSON.parse(r.body);
      seen.set(e.id, e.data); // a receiver keeps each event id once, whatever the order
    }
    expect([...seen.values()].map((d) => d.employerWorkerId).sort()).toEqual(['HOOK-A', 'HOOK-B']);
  }, 30_000);

  it('hear of a payroll that moves (the payroll lifecycle writes the event; the relay queues its delivery)', async () => {
    const hook = await addEndpoint(['payroll.frozen']);
    const db = env.deps.db;
    const { id: ownerId } = employer.owner;
    const file = await db
      .insertInto('stored_files')
      .values({ employer_id: employer.employer.id, vendor_id: null, admin_id: ownerId, document_type: 'PAYROLL_UPLOAD', file_name: 'p.xlsx', mime_type: 'application/octet-stream', size_bytes: 1, content: env.deps.protector.sealBytes(Buffer.from('x')) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = await db
      .insertInto('document_uploads')
      .values({ employer_id: employer.employer.id, vendor_id: null, admin_id: ownerId, doc_type: 'PAYROLL_UPLOAD', status: 'PROCESSED', file_name: 'p.xlsx', original_file_id: file.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payrollId = await startPayroll(db, { employer_id: employer.employer.id, vendor_id: null, month: '2026-10-01', kind: 'PAYROLL_UPLOAD', upload_id: upload.id, original_file_id: file.id, admin_id: ownerId });
    await movePayroll(db, payrollId, 'UPLOADED', 'PROCESSING');
    await movePayroll(db, payrollId, 'PROCESSING', 'PROCESSED');
    const before = receiver.received.length;
    await movePayroll(db, payrollId, 'PROCESSED', 'PAYROLL_FROZEN');
    await until(async () => receiver.received.length, (n) => n > before);
    const got = receiver.received.at(-1)!;
    expect(got.headers[WEBHOOK_HEADERS.eventType]).toBe('payroll.frozen');
    expect(verify(hook.body.secret, String(got.headers[WEBHOOK_HEADERS.signature]), got.body)).toBe(true);
    expect(JSON.parse(got.body).data).toMatchObject({ payrollId, month: '2026-10', status: 'PAYROLL_FROZEN', kind: 'PAYROLL_UPLOAD' });
    // Only the move it asked for: PROCESSED (payroll.processed) was not sent to it.
    expect(receiver.received.slice(before - 2).filter((r) => r.headers[WEBHOOK_HEADERS.eventType] === 'payroll.processed')).toHaveLength(0);
    await env.call('DELETE', `/employer-admin/webhooks/${hook.body.endpoint.id}`, { token: owner });
  });

  it("are another employer's business only", async () => {
    const other = await createEmployer(env);
    const theirs = await signIn(env, other.owner);
    expect((await env.call('GET', '/employer-admin/webhooks/deliveries', { token: theirs })).body.deliveries).toEqual([]);
    expect((await env.call('GET', '/employer-admin/webhooks', { token: theirs })).body.endpoints).toEqual([]);
    const mine = (await deliveries())[0]!;
    expect((await env.call('POST', `/employer-admin/webhooks/deliveries/${mine.id}/replay`, { token: theirs })).status).toBe(404);
    expect((await env.call('POST', `/employer-admin/webhooks/${endpointId}/rotate-secret`, { token: theirs })).status).toBe(404);
  });
});

describe('payout events', () => {
  let bank: TestBank;
  let payoutWorker: PayoutWorker;
  const hooks = new Receiver();
  beforeAll(async () => {
    bank = await startTestBank(env.deps, env.deps.config.databaseUrl!, env.baseUrl);
    payoutWorker = (await workPayoutJobs(env.deps))!;
    await hooks.start();
  }, 60_000);
  afterAll(async () => {
    await payoutWorker?.stop();
    await bank?.sim.close();
    await hooks.stop();
  });

  it('a payout the bank rejects (at the create call or later) and one paid then reversed: one signed delivery each, whole state, the account number masked; repeated bank news sends nothing more', async () => {
    const e = await createEmployer(env);
    const token = await signIn(env, e.owner);
    const made = await env.call('POST', '/employer-admin/webhooks', { token, body: { url: hooks.url, events: ['payout.failed', 'payout.reversed'] } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const secret: string = made.body.secret;

    // Entry 0 is failed by the bank, entry 1 paid then reversed, entry 2 refused at the create call (an IFSC the bank does not take), entry 3 paid.
    const stamp = String(Date.now() % 1e6).padStart(6, '0');
    const p = await insertFrozenPayroll(env.deps, env.clock.now(), { employerId: e.employer.id, adminId: e.owner.id, entries: 4, account: (i) => `44${stamp}${String(i).padStart(4, '0')}` });
    const entriesOf = () => env.deps.db.selectFrom('payroll_entries').selectAll().where('payroll_id', '=', p.payrollId).orderBy('row_number').execute();
    await env.deps.db.updateTable('payroll_entries').set({ ifsc: 'HDFC1234567' }).where('id', '=', (await entriesOf())[2]!.id).execute();
    const entries = await entriesOf();
    const accounts = entries.map((x) => env.deps.protector.openText(x.account_number));
    await bank.setRules({ failAccounts: [accounts[0]!], reverseAccounts: [accounts[1]!] });
    const calls = payoutCalls(() => env, () => bank);
    try {
      await calls.recharge(token, p.totalSalary);
      const run = await calls.execute(token, p.payrollId);
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      await until(
        async () => env.deps.db.selectFrom('payouts').select('status').where('payroll_id', '=', p.payrollId).execute(),
        (rows) => rows.filter((r) => r.status === 'REVERSED').length === 1 && rows.filter((r) => r.status === 'FAILED').length === 2,
      );
    } finally {
      await bank.setRules({ failAccounts: [], reverseAccounts: [] });
    }
    await until(async () => hooks.received.length, (n) => n >= 3);
    await sleep(500); // (nothing more comes)
    expect(hooks.received).toHaveLength(3);

    const payouts = await env.deps.db.selectFrom('payouts').selectAll().where('payroll_id', '=', p.payrollId).execute();
    const payoutOf = (i: number) => payouts.find((x) => x.entry_id === entries[i]!.id)!;
    const byPayout = new Map<string, { type: string; data: Record<string, unknown> }>();
    for (const r of hooks.received) {
      expect(verify(secret, String(r.headers[WEBHOOK_HEADERS.signature]), r.body)).toBe(true);
      const event = JSON.parse(r.body);
      expect(r.headers[WEBHOOK_HEADERS.eventType]).toBe(event.type);
      // The payload is the documented one, nothing more; no full account number anywhere in it.
      expect(WEBHOOK_EVENT_DATA[event.type]!.parse(event.data)).toEqual(event.data);
      for (const a of accounts) expect(r.body).not.toContain(a);
      byPayout.set(event.data.payoutId, event);
    }
    const common = (i: number) => ({
      payoutId: payoutOf(i).id,
      payrollId: p.payrollId,
      vendorId: null,
      month: p.month.slice(0, 7),
      attempt: 1,
      workerId: entries[i]!.worker_id,
      name: entries[i]!.name,
      employerEmployeeCode: entries[i]!.employer_employee_code,
      accountNumber: entries[i]!.account_number_masked,
      ifsc: entries[i]!.ifsc,
      amountPaise: entries[i]!.amount_payable,
    });
    expect(entries[0]!.account_number_masked).toMatch(/\d{4}$/);
    expect(entries[0]!.account_number_masked).not.toBe(accounts[0]);
    expect(byPayout.get(payoutOf(0).id)).toMatchObject({ type: 'payout.failed', data: { ...common(0), status: 'FAILED', failureReason: payoutOf(0).failure_reason, utr: null } });
    expect(payoutOf(0).failure_reason).toBeTruthy();
    expect(byPayout.get(payoutOf(2).id)).toMatchObject({ type: 'payout.failed', data: { ...common(2), status: 'FAILED', failureReason: payoutOf(2).failure_reason, utr: null } });
    expect(payoutOf(2).bank_payout_id).toBeNull(); // refused at the create call: nothing at the bank
    expect(payoutOf(2).failure_reason).toMatch(/ifsc/i);
    const reversed = byPayout.get(payoutOf(1).id)!;
    expect(reversed).toMatchObject({ type: 'payout.reversed', data: { ...common(1), status: 'REVERSED', failureReason: payoutOf(1).failure_reason, utr: payoutOf(1).utr } });
    expect(reversed.data.utr).toMatch(/^\d{12}$/);
    expect(Date.parse(String(reversed.data.reversedAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(String(byPayout.get(payoutOf(0).id)!.data.failedAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(byPayout.has(payoutOf(3).id)).toBe(false);

    // The bank's news again: its webhooks sent again by hand (new event ids) and the same answers
    // applied again, racing, as a lookup and the reconciliation poll would: no second event.
    for (const i of [0, 1]) {
      const bp = await bank.api.getPayout(payoutOf(i).bank_payout_id!);
      const body = JSON.stringify({ event: `payout.${bp.status}`, event_id: `evt_again_${bp.id}`, created_at: new Date().toISOString(), payload: { payout: bp } });
      const res = await fetch(`${env.baseUrl}/api/webhooks/bank`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bank-signature': bankSignature(WEBHOOK_SECRET, body) }, body });
      expect(res.status).toBe(200);
    }
    const again = payouts.filter((x) => x.status !== 'TRANSFERRED').map((x) => ({ payoutId: x.id, bankPayoutId: x.bank_payout_id, status: x.status, utr: x.utr, failureReason: x.failure_reason }));
    await Promise.all([1, 2, 3].map(() => applyBankUpdates(env.deps.db, again, [], env.deps)));
    // (The refused one heard of later under a bank id: the row takes the id, its status stays: no event.)
    await applyBankUpdates(env.deps.db, [{ ...again.find((x) => x.payoutId === payoutOf(2).id)!, bankPayoutId: `pout_late_${stamp}` }], [], env.deps);
    expect((await env.deps.db.selectFrom('payouts').select('bank_payout_id').where('id', '=', payoutOf(2).id).executeTakeFirstOrThrow()).bank_payout_id).toBe(`pout_late_${stamp}`);
    await sleep(500);
    expect(hooks.received).toHaveLength(3);

    // The paid one reversed later, the news applied three times at once without the queue at hand
    // (its delivery written for the relay): one event.
    const paid = payoutOf(3);
    const reversal = { payoutId: paid.id, bankPayoutId: paid.bank_payout_id, status: 'REVERSED' as const, utr: paid.utr, failureReason: 'Reversed by the bank: beneficiary account closed' };
    await Promise.all([1, 2, 3].map(() => applyBankUpdates(env.deps.db, [reversal])));
    await until(async () => hooks.received.length, (n) => n >= 4);
    await sleep(500);
    expect(hooks.received).toHaveLength(4);
    expect(JSON.parse(hooks.received[3]!.body)).toMatchObject({ type: 'payout.reversed', data: { ...common(3), status: 'REVERSED', utr: paid.utr, failureReason: reversal.failureReason } });
    const stored = await env.deps.db.selectFrom('webhook_events').select('type').where('employer_id', '=', e.employer.id).execute();
    expect(stored.map((x) => x.type).sort()).toEqual(['payout.failed', 'payout.failed', 'payout.reversed', 'payout.reversed']);
  }, 90_000);
});

describe('the API description', () => {
  it('shows the key scheme, the bulk endpoints and every event sent with its payload', async () => {
    const res = await fetch(`${env.baseUrl}/api/docs/json`);
    const doc = (await res.json()) as { components: { securitySchemes: Record<string, unknown> }; paths: Record<string, unknown>; webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } } }> };
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    for (const kind of ['employees', 'terminations', 'attendance', 'leave']) expect(doc.paths).toHaveProperty(`/api/employer-admin/bulk/${kind}`);
    for (const type of ['upload.processed', 'upload.failed', 'ewa_request.waiting', 'worker.waiting_for_approval', 'payout.failed', 'payout.reversed', 'ping']) {
      expect(doc.webhooks[type]!.post.requestBody.content['application/json'].schema.properties).toHaveProperty('data');
    }
  });
});
