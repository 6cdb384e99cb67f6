/**
 * Starts what the server needs, in order: the database (embedded unless DATABASE_URL), the
 * migrations, the roles, the code key, the queue, and the mail/SMS adapters.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SEED_ROLES } from '@portal/domain';
import type { Config } from '../config.js';
import type { Deps } from './context.js';
import { createDatabase, ensureDatabase, migrate, startEmbeddedPostgres, type Database } from './database.js';
import { DevOutbox, HttpSmsSender, SmtpMailer } from './messaging.js';
import { startQueue } from './queue.js';
import { createHttpPayoutsApi } from './payouts.js';
import { openDataProtection } from './data-protection.js';
import { sealOnce } from './protected-columns.js';

export interface Runtime {
  deps: Deps;
  databaseUrl: string;
  stop: () => Promise<void>;
}

export async function syncRoles(db: Database): Promise<void> {
  for (const r of SEED_ROLES) {
    await db
      .insertInto('roles')
      .values({ id: r.value, name: r.name, role_type: r.roleType, description: r.description, resources: JSON.stringify(r.resources) })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: r.name, role_type: r.roleType, description: r.description, resources: JSON.stringify(r.resources) }))
      .execute();
  }
}

async function codeKey(db: Database, configured: string | null): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db.insertInto('app_secrets').values({ name: 'code-key', value: randomBytes(32) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await db.selectFrom('app_secrets').select('value').where('name', '=', 'code-key').executeTakeFirstOrThrow()).value;
}

/** A configured secret, or one generated once and kept in the database (hex), so every process of a deployment shares it. */
async function storedSecret(db: Database, name: string, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.insertInto('app_secrets').values({ name, value: randomBytes(32) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value.toString('hex');
}

const PUBLIC_URL_RECORD = 'public-url';

/**
 * The portal's public URL as the serving process derived it (loadConfig: PUBLIC_URL, or
 * http://localhost:PORT), kept in the database at start, so that the operators' CLI, a process of
 * its own without the portal's PORT, writes the portal's links (issue 20 item 6).
 */
export async function recordPublicUrl(deps: Pick<Deps, 'db' | 'config'>): Promise<void> {
  const value = Buffer.from(deps.config.publicUrl, 'utf8');
  await deps.db.insertInto('app_secrets').values({ name: PUBLIC_URL_RECORD, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
}

/** The public URL the portal last started with, or null before its first start. */
export async function recordedPublicUrl(deps: Pick<Deps, 'db'>): Promise<string | null> {
  const row = await deps.db.selectFrom('app_secrets').select('value').where('name', '=', PUBLIC_URL_RECORD).executeTakeFirst();
  return row ? row.value.toString('utf8') : null;
}

/** The bank link: BANK_URL, or the simulated bank that the portal starts on BANK_PORT. */
async function bankLink(db: Database, config: Config): Promise<Deps['bank']> {
  const url = config.bankUrl ?? `http://127.0.0.1:${config.bankPort}`;
  const apiKey = await storedSecret(db, 'bank-api-key', config.bankApiKey);
  const webhookSecret = await storedSecret(db, 'bank-webhook-secret', config.bankWebhookSecret);
  const site = new URL(config.publicUrl);
  const publicUrl = config.bankPublicUrl ?? config.bankUrl ?? `${site.protocol}//${site.hostname}:${config.bankPort}`;
  return { url, apiKey, webhookSecret, api: createHttpPayoutsApi({ baseUrl: url, apiKey, timeoutMs: config.bankTimeoutMs, publicUrl }) };
}

/**
 * Why the server cannot run with this configuration, or null. Checked before anything starts:
 * production needs a real PostgreSQL (the embedded one is a development dependency, and a beta)
 * and real mail and SMS (the dev outbox would show sign-in codes to nobody). A hop count in
 * TRUST_PROXY would be read as an address and trust nothing, silently: refused everywhere.
 */
export function configProblem(config: Config): string | null {
  if (config.trustProxy && config.trustProxy.some((a) => /^\d+$/.test(a))) {
    return 'TRUST_PROXY takes the load balancers\' addresses or CIDRs (e.g. 10.0.0.0/16), not a hop count.';
  }
  if (!config.production) return null;
  if (!config.databaseUrl) return 'DATABASE_URL is required in production mode (NODE_ENV=production): the embedded PostgreSQL is for development and tests only.';
  if (!config.smtpUrl || !config.smsUrl) return 'SMTP_URL and SMS_URL are required in production mode';
  if (!config.dataMasterKeys) return 'DATA_MASTER_KEYS is required in production mode: the master keys that protect data at rest (docs/deploy.md "Data keys").';
  return null;
}

export async function startRuntime(config: Config, options: { queue?: boolean; log?: Deps['log'] } = {}): Promise<Runtime> {
  const log = options.log ?? console;
  const problem = configProblem(config);
  if (problem) throw new Error(problem);
  const stops: (() => Promise<void>)[] = [];
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort, (l) => log.warn(l));
    stops.push(embedded.stop);
    databaseUrl = await ensureDatabase(embedded.url, 'portal');
  }
  const { db, pool } = createDatabase(databaseUrl, 10, (err) => log.warn(`database connection lost: ${err.message}`));
  stops.unshift(() => db.destroy());
  await migrate(db);
  await syncRoles(db);
  // Before anything reads or writes: a wrong master key stops the process here (decision 0037).
  let protector;
  try {
    protector = await openDataProtection(db, config);
  } catch (e) {
    for (const s of stops) await s().catch(() => {});
    throw e;
  }
  await sealOnce(db, protector);
  const queue = options.queue === false ? null : await startQueue(databaseUrl);
  if (queue) stops.unshift(() => queue.stop({ graceful: true, timeout: 5_000 }));
  const deps: Deps = {
    config,
    db,
    pool,
    queue,
    mailer: config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new DevOutbox(db, log, 'EMAIL'),
    sms: config.smsUrl ? new HttpSmsSender(config.smsUrl, config.smsToken) : new DevOutbox(db, log, 'SMS'),
    codeKey: await codeKey(db, config.authSecret),
    protector,
    bank: await bankLink(db, config),
    log,
    now: () => new Date(),
  };
  return {
    deps,
    databaseUrl,
    stop: async () => {
      for (const s of stops) await s().catch((e: unknown) => log.error(e));
    },
  };
}
