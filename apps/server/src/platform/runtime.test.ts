/**
 * What the server refuses before anything starts: in production, no embedded PostgreSQL (a
 * development dependency, and a beta) and no dev outbox; anywhere, a TRUST_PROXY it cannot honour. The refusal comes before any database work, so
 * nothing is started or written (no embedded server's data folder appears).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { parseMasterKeys } from './data-protection.js';
import { configProblem, startRuntime } from './runtime.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function productionWithout(unset: 'DATABASE_URL' | 'SMTP_URL' | 'SMS_URL' | 'DATA_MASTER_KEYS') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-refusal-'));
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
    SMTP_URL: 'smtp://127.0.0.1:1',
    SMS_URL: 'http://127.0.0.1:1/sms',
    DATA_MASTER_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(56800 + Math.floor(Math.random() * 100)),
  };
  delete env[unset];
  return { config: loadConfig(env), dataDir };
}

describe('production start-up refusals', () => {
  it('refuses NODE_ENV=production without DATABASE_URL, before starting an embedded PostgreSQL', async () => {
    const { config, dataDir } = productionWithout('DATABASE_URL');
    let started: Awaited<ReturnType<typeof startRuntime>> | null = null;
    const outcome = await startRuntime(config, { queue: false, log: console }).then(
      (r) => {
        started = r;
        return 'started';
      },
      (e: unknown) => (e as Error).message,
    );
    // Had it started (the embedded server in dataDir), stop it before failing.
    if (started) await (started as { stop: () => Promise<void> }).stop();
    expect(outcome).toBe('DATABASE_URL is required in production mode (NODE_ENV=production): the embedded PostgreSQL is for development and tests only.');
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    expect(configProblem(config)).toBe(outcome);
  });

  it('refuses production without SMTP_URL or SMS_URL, and accepts it with all three', () => {
    expect(configProblem(productionWithout('SMTP_URL').config)).toBe('SMTP_URL and SMS_URL are required in production mode');
    expect(configProblem(productionWithout('SMS_URL').config)).toBe('SMTP_URL and SMS_URL are required in production mode');
    const { config } = productionWithout('DATABASE_URL');
    expect(configProblem({ ...config, databaseUrl: 'postgres://x@127.0.0.1/y' })).toBeNull();
  });

  it('refuses production without DATA_MASTER_KEYS (decision 0037), and checks their form', () => {
    const { config } = productionWithout('DATA_MASTER_KEYS');
    expect(configProblem(config)).toBe('DATA_MASTER_KEYS is required in production mode: the master keys that protect data at rest (docs/deploy.md "Data keys").');
    expect(() => parseMasterKeys('k1:c2hvcnQ=', 'DATA_MASTER_KEYS')).toThrow(/32 bytes in base64/);
    expect(() => parseMasterKeys(`k1:${Buffer.alloc(32).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`, 'DATA_MASTER_KEYS')).toThrow(/twice/);
    expect(parseMasterKeys(`new:${Buffer.alloc(32, 2).toString('base64')}, old:${Buffer.alloc(32, 3).toString('base64')}`, 'DATA_MASTER_KEYS').map((k) => k.id)).toEqual(['new', 'old']);
  });

  it('refuses a hop count in TRUST_PROXY (it would trust nothing, silently), in any mode', () => {
    const refusal = "TRUST_PROXY takes the load balancers' addresses or CIDRs (e.g. 10.0.0.0/16), not a hop count.";
    expect(configProblem(loadConfig({ TRUST_PROXY: '1' }))).toBe(refusal);
    expect(configProblem(loadConfig({ TRUST_PROXY: '10.0.0.0/16, 2' }))).toBe(refusal);
    expect(configProblem(loadConfig({ TRUST_PROXY: '10.0.0.0/16,192.168.1.7' }))).toBeNull();
  });

  it('lets development run without DATABASE_URL (the embedded PostgreSQL)', () => {
    expect(configProblem(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
    expect(configProblem(loadConfig({}))).toBeNull();
  });
});
