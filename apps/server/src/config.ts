/** Process configuration, read once from the environment. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_TRANSACTIONS_RESULT_CAP } from '@portal/domain';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /**
   * The load balancers whose X-Forwarded-For is believed (TRUST_PROXY): their addresses or CIDRs,
   * comma-separated (proxy-addr's names `loopback`, `linklocal`, `uniquelocal` too). Unset: none,
   * the socket's address is the client's. The per-IP rate limits count by that address. (A hop
   * count is refused at start (runtime.ts configProblem): Fastify trusts no proxy for one.)
   */
  trustProxy: string[] | false;
  production: boolean;
  databaseUrl: string | null;
  dataDir: string;
  embeddedPgPort: number;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  smsUrl: string | null;
  smsToken: string | null;
  authSecret: string | null;
  /**
   * The master keys that wrap the data keys sealing data at rest (DATA_MASTER_KEYS: `id:base64,...`,
   * the first the current; decision 0037). Required in production; unset elsewhere, a key generated
   * once into `<dataDir>/data-master-keys`.
   */
  dataMasterKeys: string | null;
  webDist: string;
  /** Requests per IP per minute on the identity routes; SMS sends have their own hourly cap. */
  authRateLimitPerMinute: number;
  smsRateLimitPerHour: number;
  /** Sign-in and enrolment codes sent to one admin in an hour, from any IP (SMS_PER_ADMIN_PER_HOUR; issue 15). */
  smsPerAdminPerHour: number;
  logLevel: string;
  /** Serves /worker-api when set (the worker app's service token). */
  workerApiToken: string | null;
  /**
   * Rows a worker-transactions or salary-topups search returns at most: the spec's 20,000.
   * WORKER_TRANSACTIONS_CAP may lower it outside production, so tests can reach the cap quickly.
   */
  workerTransactionsCap: number;
  /**
   * The payouts bank. BANK_URL unset: the simulated bank, which `npm start` runs as its own
   * process on `bankPort` (BANK_PORT, default PORT + 1). The key and the webhook secret are
   * generated and kept in the database when unset (like AUTH_SECRET).
   */
  bankUrl: string | null;
  bankPort: number;
  /** Where a browser reaches the bank's recharge page (BANK_PUBLIC_URL; default the bank's own URL). */
  bankPublicUrl: string | null;
  bankApiKey: string | null;
  bankWebhookSecret: string | null;
  /** Per bank call; past it the outcome is unknown and the bank is asked by reference. */
  bankTimeoutMs: number;
  /** Bank calls in flight per worker process. */
  payoutConcurrency: number;
  /** The reconciliation poll: how often it runs, and how long a payout may wait for the bank before it looks. */
  payoutSweepMs: number;
  payoutStaleMs: number;
}

function workerTransactionsCap(env: NodeJS.ProcessEnv): number {
  const n = Number(env.WORKER_TRANSACTIONS_CAP);
  if (env.NODE_ENV === 'production' || !Number.isSafeInteger(n) || n < 1) return WORKER_TRANSACTIONS_RESULT_CAP;
  return Math.min(n, WORKER_TRANSACTIONS_RESULT_CAP);
}

function trustProxy(v: string | undefined): string[] | false {
  const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return list.length ? list : false;
}

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v && Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    trustProxy: trustProxy(env.TRUST_PROXY),
    production: env.NODE_ENV === 'production',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? '.data'),
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Employer Portal <no-reply@portal.local>',
    smsUrl: env.SMS_URL || null,
    smsToken: env.SMS_TOKEN || null,
    authSecret: env.AUTH_SECRET || null,
    dataMasterKeys: env.DATA_MASTER_KEYS || null,
    // WEB_DIST: another build of the web app (a second checkout's, or a side-by-side build while developing).
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 60),
    smsRateLimitPerHour: Number(env.SMS_RATE_LIMIT_PER_HOUR ?? 150),
    smsPerAdminPerHour: positive(env.SMS_PER_ADMIN_PER_HOUR, 10),
    logLevel: env.LOG_LEVEL ?? 'info',
    workerApiToken: env.WORKER_API_TOKEN || null,
    workerTransactionsCap: workerTransactionsCap(env),
    bankUrl: env.BANK_URL ? env.BANK_URL.replace(/\/$/, '') : null,
    bankPort: Number(env.BANK_PORT ?? port + 1),
    bankPublicUrl: env.BANK_PUBLIC_URL ? env.BANK_PUBLIC_URL.replace(/\/$/, '') : null,
    bankApiKey: env.BANK_API_KEY || null,
    bankWebhookSecret: env.BANK_WEBHOOK_SECRET || null,
    bankTimeoutMs: positive(env.BANK_TIMEOUT_MS, 10_000),
    payoutConcurrency: positive(env.PAYOUT_CONCURRENCY, 48),
    payoutSweepMs: positive(env.PAYOUT_SWEEP_MS, 15_000),
    payoutStaleMs: positive(env.PAYOUT_STALE_MS, 120_000),
  };
}
