/**
 * Issue 20 item 6: the portal as a process. The operators' CLI (its own process, without the
 * portal's PORT) writes invitation links with the portal's public URL; stopping the portal
 * (SIGTERM, SIGINT) prints no "queue error" stacks. main.ts and cli.ts run under tsx against this
 * file's database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { createTestEnv, type TestEnv } from './harness.js';

const MAIN = path.join(repoRoot, 'apps/server/src/main.ts');
const CLI = path.join(repoRoot, 'apps/server/src/cli.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env?.close());

/** process.env without what would tell a process the portal's address. */
function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', BANK_URL: 'http://127.0.0.1:9', DATABASE_URL: env.deps.config.databaseUrl!, ...extra };
  delete e.PUBLIC_URL;
  if (!extra.PORT) delete e.PORT;
  return e;
}

function start(file: string, args: string[], extra: Record<string, string>, group = false) {
  // group: the process leads its own process group, so a signal can reach it and its children at
  // once, as a terminal's Ctrl-C does (the embedded PostgreSQL then stops at the same moment).
  const proc = spawn(process.execPath, ['--import', TSX, file, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: baseEnv(extra), detached: group });
  const out = { stdout: '', stderr: '' };
  proc.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, out, exited };
}

async function portal(port: number, extra: Record<string, string> = {}, group = false) {
  const p = start(MAIN, ['--role=all'], { PORT: String(port), HOST: '127.0.0.1', ...extra }, group);
  const end = Date.now() + 90_000;
  let served = false;
  while (!served && Date.now() < end) {
    served = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (!served) await new Promise((r) => setTimeout(r, 200));
  }
  for (let i = 0; served && i < 50 && !p.out.stdout.includes('API docs:'); i++) await new Promise((r) => setTimeout(r, 100));
  expect(served, p.out.stderr).toBe(true);
  return p;
}

async function stop(p: ReturnType<typeof start>, signal: NodeJS.Signals, group = false) {
  if (group) process.kill(-p.proc.pid!, signal);
  else p.proc.kill(signal);
  const timer = setTimeout(() => p.proc.kill('SIGKILL'), 20_000);
  const code = await p.exited;
  clearTimeout(timer);
  return code;
}

describe('the portal and the CLI as processes', () => {
  it("the CLI's invitation links use the portal's public URL (its PORT), and SIGTERM stops the portal without queue errors", async () => {
    const port = await freePort();
    const p = await portal(port);
    try {
      const email = `cli-${port}@acme.example`;
      const cli = start(CLI, ['create-employer', '--name', `CLI Co ${port}`, '--admin-name', 'Ravi Kumar', '--admin-email', email, '--admin-mobile', '9876543210'], {});
      expect(await cli.exited, cli.out.stderr).toBe(0);
      const mail = await env.deps.db.selectFrom('outbox_messages').select('body').where('recipient', '=', email).executeTakeFirstOrThrow();
      expect(mail.body).toContain(`http://localhost:${port}/`);
      expect(mail.body).not.toContain('http://localhost:3000/');
    } finally {
      expect(await stop(p, 'SIGTERM')).toBe(0);
    }
    expect(p.out.stderr).not.toMatch(/queue error/i);
    expect(p.out.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);

  it('SIGINT stops it cleanly too', async () => {
    const p = await portal(await freePort());
    expect(await stop(p, 'SIGINT')).toBe(0);
    expect(p.out.stderr).not.toMatch(/queue error/i);
    expect(p.out.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);
  it('Ctrl-C on a portal with its embedded PostgreSQL (the whole process group) stops it without queue error stacks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stop-'));
    fs.chmodSync(dir, 0o777); // the embedded PostgreSQL runs as the postgres user when started as root
    try {
      const port = await freePort();
      const p = await portal(port, { DATABASE_URL: '', DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) }, true);
      expect(await stop(p, 'SIGINT', true)).toBe(0);
      expect(p.out.stderr).not.toMatch(/queue error/i);
      expect(p.out.stderr).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it("an embedded PostgreSQL port that another program holds stops the start with the reason (it said only 'undefined')", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-taken-'));
    fs.chmodSync(dir, 0o777);
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as net.AddressInfo).port;
    try {
      const p = start(MAIN, ['--role=all'], { PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: dir, EMBEDDED_PG_PORT: String(taken) });
      const timer = setTimeout(() => p.proc.kill('SIGKILL'), 60_000);
      const code = await p.exited;
      clearTimeout(timer);
      expect(code).toBe(1);
      expect(p.out.stderr).toContain(`The embedded PostgreSQL cannot start: port ${taken} on 127.0.0.1 is in use by another program. Set EMBEDDED_PG_PORT to a free port`);
    } finally {
      holder.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
