/**
 * Starts one PostgreSQL for the API tests (embedded in a temporary folder, or the server named by
 * DATABASE_URL), builds a migrated template database, and hands its URL to the test files, each
 * of which clones the template into a database of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrate, startEmbeddedPostgres } from '../src/platform/database.js';
import { syncRoles } from '../src/platform/runtime.js';

export const TEMPLATE = 'portal_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL ?? null;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let dir: string | null = null;
  if (!serverUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    fs.chmodSync(dir, 0o777);
    const port = 55000 + Math.floor(Math.random() * 5000);
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), port, () => {});
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  const templateUrl = withDatabase(serverUrl, TEMPLATE);
  const { db } = createDatabase(templateUrl, 2);
  await migrate(db);
  await syncRoles(db);
  await db.destroy();
  await admin.end();
  project.provide('pgServerUrl', serverUrl);
  return async () => {
    if (stopEmbedded) await stopEmbedded();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
