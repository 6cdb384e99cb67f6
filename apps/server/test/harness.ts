/**
 * One isolated portal per test file: a database cloned from the migrated template, the real app
 * listening on a free port, the dev outbox, and a clock the test can move. Calls go over HTTP.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ROLE_IDS } from '@portal/domain';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Deps } from '../src/platform/context.js';
import { startRuntime } from '../src/platform/runtime.js';
import { settleBackgroundMail } from '../src/features/auth/background.js';
import { createAuthService, workIdentityMailJobs } from '../src/features/auth/index.js';
import { IDENTITY_MAIL_QUEUE } from '../src/features/auth/mail-outbox.js';
import { sql } from 'kysely';
import { provisionAdmin, provisionEmployer, type EmployerInput } from '../src/features/employers/provision.js';
import { TEMPLATE, withDatabase } from './global-setup.js';

export interface Reply<T = any> {
  status: number;
  body: T;
}
export interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | undefined>;
}

export class Clock {
  private offset = 0;
  now = (): Date => new Date(Date.now() + this.offset);
  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface TestEnv {
  deps: Deps;
  app: FastifyInstance;
  baseUrl: string;
  clock: Clock;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Reply<T>>;
  /** Messages in the dev outbox for a recipient, newest first. */
  outbox(to: string): Promise<{ channel: string; subject: string | null; body: string }[]>;
  /** The newest SMS code sent to a 10-digit mobile. */
  lastCode(mobile: string): Promise<string>;
  /** The newest link of a kind mailed to an address (invite, verifyEmail or resetPassword), as its code. */
  lastLinkCode(email: string, kind: 'invite' | 'verifyEmail' | 'resetPassword'): Promise<string>;
  close(): Promise<void>;
}

export async function createTestEnv(options: { queue?: boolean; mailWorker?: boolean; env?: Record<string, string> } = {}): Promise<TestEnv> {
  const serverUrl = inject('pgServerUrl');
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE}`);
  await admin.end();
  const config = {
    ...loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '100000', SMS_RATE_LIMIT_PER_HOUR: '100000', SMS_PER_ADMIN_PER_HOUR: '100000', ...options.env }),
    databaseUrl: withDatabase(serverUrl, name),
    smtpUrl: options.env?.SMTP_URL ?? null,
    smsUrl: null,
  };
  const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Console;
  const runtime = await startRuntime(config, { queue: options.queue ?? false, log: silent });
  const clock = new Clock();
  runtime.deps.now = clock.now;
  const app = await buildApp(runtime.deps, { logger: false, serveSpa: false });
  // With a queue, identity mails are jobs (features/auth/mail-outbox.ts): worked here, as in a portal process.
  if (runtime.deps.queue && options.mailWorker !== false) await workIdentityMailJobs(runtime.deps, createAuthService(runtime.deps).mails);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  runtime.deps.config.publicUrl = baseUrl;

  const env: TestEnv = {
    deps: runtime.deps,
    app,
    baseUrl,
    clock,
    async call(method, path, o = {}) {
      const qs = new URLSearchParams(Object.entries(o.query ?? {}).filter(([, v]) => v !== undefined) as [string, string][]).toString();
      const headers: Record<string, string> = {};
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}/api${path}${qs ? `?${qs}` : ''}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: body as any };
    },
    async outbox(to) {
      await settleBackgroundMail(); // identity mails sent after their answer (features/auth/background.ts)
      if (options.mailWorker !== false) await queuedMailsSent(runtime.deps);
      return runtime.deps.db.selectFrom('outbox_messages').select(['channel', 'subject', 'body']).where('recipient', '=', to).orderBy('created_at', 'desc').orderBy('id').execute();
    },
    async lastCode(mobile) {
      const [sms] = await env.outbox(`+91${mobile}`);
      const m = sms && /\b(\d{6})\b/.exec(sms.body);
      if (!m) throw new Error(`no code sent to ${mobile}`);
      return m[1]!;
    },
    async lastLinkCode(email, kind) {
      const mails = await env.outbox(email);
      const re = kind === 'invite' ? /[?&]invite=([^&\s]+)/ : new RegExp(`mode=${kind}&oobCode=([^&\\s]+)`);
      for (const m of mails) {
        const hit = re.exec(m.body);
        if (hit) return decodeURIComponent(hit[1]!);
      }
      throw new Error(`no ${kind} link mailed to ${email}`);
    },
    async close() {
      await app.close();
      await runtime.stop();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // The pool's end() resolves before its connections have closed; wait for them (up to 5 s)
      // so the forced drop does not kill a connection in the middle of closing.
      for (let i = 0; i < 50; i++) {
        const open = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
  return env;
}

/** Waits (up to 10 s) until the identity-mail queue has no job waiting or running. */
export async function queuedMailsSent(deps: Deps): Promise<void> {
  if (!deps.queue) return;
  for (let i = 0; i < 200; i++) {
    const r = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${IDENTITY_MAIL_QUEUE} and state in ('created', 'retry', 'active')`.execute(deps.db).catch(() => ({ rows: [{ n: 0 }] }));
    if (r.rows[0]!.n === 0) return;
    await new Promise((res) => setTimeout(res, 50));
  }
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;
/** A 10-digit mobile starting 9, unique enough within a run. */
export const uniqueMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
export const PASSWORD = 'Correct-Horse-77';

export interface ReadyAdmin {
  id: string;
  email: string;
  mobile: string;
  password: string;
  employerId: string;
}

/** An employer with vendors and a ready Super Admin (password set, e-mail verified, phone enrolled). */
export async function createEmployer(env: TestEnv, overrides: Partial<EmployerInput> = {}) {
  const u = unique();
  const mobile = uniqueMobile();
  const email = `owner-${u}@example.com`;
  const r = await provisionEmployer(env.deps, {
    name: `Employer ${u}`,
    vendors: [{ name: `Vendor A ${u}` }, { name: `Vendor B ${u}` }],
    admin: { name: 'Owner Admin', email, mobile, branchLocation: 'Pune', ready: { password: PASSWORD } },
    ...overrides,
  });
  const owner: ReadyAdmin = { id: r.admin.id, email, mobile, password: PASSWORD, employerId: r.employer.id };
  return { employer: r.employer, vendors: r.vendors, owner };
}

/** Another ready admin of an employer with a given role (and vendor binding). */
export async function createAdmin(env: TestEnv, employerId: string, roleId: string = ROLE_IDS.viewer, vendorId: string | null = null): Promise<ReadyAdmin> {
  const u = unique();
  const mobile = uniqueMobile();
  const email = `admin-${u}@example.com`;
  const a = await provisionAdmin(env.deps, employerId, vendorId, { name: 'Test Admin', email, mobile, branchLocation: 'Pune', roleId, ready: { password: PASSWORD } });
  return { id: a.id, email, mobile, password: PASSWORD, employerId };
}

/** The whole sign-in: password, then the SMS code from the outbox. Returns the session token. */
export async function signIn(env: TestEnv, admin: { email: string; mobile: string; password: string }): Promise<string> {
  const first = await env.call('POST', '/auth/sign-in', { body: { email: admin.email, password: admin.password } });
  if (first.status !== 200 || first.body.status !== 'MFA_REQUIRED') throw new Error(`sign-in: ${first.status} ${JSON.stringify(first.body)}`);
  const code = await env.lastCode(admin.mobile);
  const second = await env.call('POST', '/auth/mfa/verify', { body: { resolverToken: first.body.resolverToken, code } });
  if (second.status !== 200) throw new Error(`mfa: ${second.status} ${JSON.stringify(second.body)}`);
  return second.body.token as string;
}

// ---- helpers for the identity and admin suites ----

/** A unique, valid e-mail address. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${unique()}@example.com`;

/** A 6-digit code that differs from `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The password step alone. */
export const passwordStep = (env: TestEnv, admin: { email: string; password: string }) =>
  env.call('POST', '/auth/sign-in', { body: { email: admin.email, password: admin.password } });

/** The stored admin row. */
export const adminRow = (env: TestEnv, id: string) => env.deps.db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A ready admin without a second factor (mfa_phone null): sign-in gives an enrolment-only session. */
export async function createUnenrolledAdmin(env: TestEnv, employerId: string, roleId: string = ROLE_IDS.superAdmin): Promise<ReadyAdmin> {
  const a = await createAdmin(env, employerId, roleId);
  await env.deps.db.updateTable('admins').set({ mfa_phone: null, mfa_enrolled_at: null }).where('id', '=', a.id).execute();
  return a;
}

/** Signs in an admin without a second factor and returns the enrolment-only token. */
export async function enrolmentToken(env: TestEnv, admin: { email: string; password: string }): Promise<string> {
  const res = await passwordStep(env, admin);
  if (res.status !== 200 || res.body.status !== 'SIGNED_IN') throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
