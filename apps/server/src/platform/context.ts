/** What every feature gets: the database, the queue, the adapters and the configuration. */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import type { DataProtector } from './data-protection.js';
import type { Mailer, SmsSender } from './messaging.js';
import type { PayoutsApi } from './payouts.js';
import type { Queue } from './queue.js';

/** The payouts bank: its client, and the key and webhook secret (configured, or generated and kept in the database). */
export interface BankLink {
  api: PayoutsApi;
  /** Where the portal reaches the bank's API. */
  url: string;
  apiKey: string;
  webhookSecret: string;
}

export interface Deps {
  config: Config;
  db: Database;
  /** The pool under `db`, for what Kysely does not speak (COPY into the sheet staging table). */
  pool: pg.Pool;
  queue: Queue | null;
  mailer: Mailer;
  sms: SmsSender;
  /** Key for hashing one-time codes; from AUTH_SECRET or generated once and kept in the database. */
  codeKey: Buffer;
  /** Seals and opens what is protected at rest (decision 0037): sheets, KYC documents, agreements. */
  protector: DataProtector;
  log: FastifyBaseLogger | Console;
  bank: BankLink;
  /** Clock, so tests can move time (code expiry, locks). */
  now: () => Date;
}
