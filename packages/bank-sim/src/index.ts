/**
 * The simulated bank: a payouts API of its own (separate Fastify instance and port, its own schema
 * `bank_sim` in the database it is given), so the portal talks to it over HTTP exactly as it would
 * to a real bank, faults included. See docs/decisions/0013-simulated-bank.md.
 */
import Fastify from 'fastify';
import { Bank } from './bank.js';
import { Loop } from './loop.js';
import { registerBankRoutes } from './routes.js';
import { DEFAULT_RULES, mergeRules, type BankRules, type RulesPatch } from './rules.js';
import { ensureBankSchema, openBankDatabase } from './store.js';
import { WebhookSender } from './webhooks.js';

export { DEFAULT_RULES, rulesPatchSchema, SeededRandom, type BankRules, type LatencyRange, type RulesPatch } from './rules.js';
export type { BankStats } from './bank.js';

/** What the bank logs through: a pino logger or the console both fit. */
export interface BankLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface BankSimOptions {
  databaseUrl: string;
  /** 0 or absent: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  apiKey: string;
  /** Where events are POSTed; null: no webhooks (nothing is queued for them either). */
  webhookUrl: string | null;
  webhookSecret: string;
  /** Over DEFAULT_RULES; `latencyMs` may name only the steps it changes. */
  rules?: Partial<BankRules> | RulesPatch;
  log?: BankLog;
  /** Database connections (default 10). */
  poolSize?: number;
}

export interface BankSim {
  url: string;
  /** Merged over the current rules (the seed, when given, restarts the random sequence). */
  setRules(r: Partial<BankRules> | RulesPatch): void;
  close(): Promise<void>;
}

export async function startBankSim(options: BankSimOptions): Promise<BankSim> {
  if (!options.apiKey) throw new Error('bank-sim: apiKey is required');
  if (options.webhookUrl && !options.webhookSecret) throw new Error('bank-sim: webhookSecret is required with a webhookUrl');
  const log: BankLog = options.log ?? { info: () => {}, warn: () => {}, error: () => {} };
  const { db, pool } = openBankDatabase(options.databaseUrl, options.poolSize ?? 10, (err) => log.warn(`bank-sim: database connection lost: ${err.message}`));
  try {
    await ensureBankSchema(db);
  } catch (e) {
    await db.destroy();
    throw e;
  }

  const bank = new Bank(db, pool, mergeRules(DEFAULT_RULES, options.rules ?? {}), options.webhookUrl !== null);
  const settle = new Loop(() => bank.settleDue(), (e) => log.error(`bank-sim: status step failed: ${String(e)}`), 10);
  bank.onPayouts = () => settle.wake();

  let sender: WebhookSender | null = null;
  let deliver: Loop | null = null;
  if (options.webhookUrl) {
    const s = new WebhookSender(db, pool, options.webhookUrl, options.webhookSecret, () => bank.rules, (m) => log.warn(`bank-sim: ${m}`));
    const d = new Loop(() => s.deliverDue(), (e) => log.error(`bank-sim: webhook delivery failed: ${String(e)}`), 10);
    bank.onEvents = () => d.wake();
    sender = s;
    deliver = d;
  }

  const hangs = new Set<() => void>();
  const app = Fastify({ logger: false, bodyLimit: 65_536, forceCloseConnections: true });
  registerBankRoutes(app, bank, { apiKey: options.apiKey, hangs, log });
  try {
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  } catch (e) {
    await db.destroy();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  // Started after listening: queued and processing payouts and undelivered events left by an
  // earlier run are picked up by the first batches.
  settle.start();
  deliver?.start();
  log.info(`bank-sim: listening on ${url}`);

  let closed: Promise<void> | null = null;
  return {
    url,
    setRules: (r) => {
      bank.setRules(r);
      settle.wake();
    },
    close: () =>
      (closed ??= (async () => {
        for (const end of [...hangs]) end();
        sender?.close();
        await Promise.all([settle.stop(), deliver?.stop()]);
        await app.close();
        await db.destroy();
      })()),
  };
}
