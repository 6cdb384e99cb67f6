/** Process configuration, read once from the environment. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_TRANSACTIONS_RESULT_CAP } from '@portal/domain';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
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
  webDist: string;
  /** Requests per IP per minute on the identity routes; SMS sends have their own hourly cap. */
  authRateLimitPerMinute: number;
  smsRateLimitPerHour: number;
  logLevel: string;
  /** Serves /worker-api when set (the worker app's service token). */
  workerApiToken: string | null;
  /**
   * Rows a worker-transactions or salary-topups search returns at most: the spec's 20,000.
   * WORKER_TRANSACTIONS_CAP may lower it outside production, so tests can reach the cap quickly.
   */
  workerTransactionsCap: number;
}

function workerTransactionsCap(env: NodeJS.ProcessEnv): number {
  const n = Number(env.WORKER_TRANSACTIONS_CAP);
  if (env.NODE_ENV === 'production' || !Number.isSafeInteger(n) || n < 1) return WORKER_TRANSACTIONS_RESULT_CAP;
  return Math.min(n, WORKER_TRANSACTIONS_RESULT_CAP);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
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
    webDist: path.resolve(repoRoot, 'apps/web/dist'),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 60),
    smsRateLimitPerHour: Number(env.SMS_RATE_LIMIT_PER_HOUR ?? 150),
    logLevel: env.LOG_LEVEL ?? 'info',
    workerApiToken: env.WORKER_API_TOKEN || null,
    workerTransactionsCap: workerTransactionsCap(env),
  };
}
