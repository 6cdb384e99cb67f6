/**
 * What the benchmarks share: formatting of figures, free ports, a process's memory from /proc (one
 * process, or the portal's process tree sampled every 50 ms), the exceljs read baseline, and the
 * real portal started as a child process with its admin signed in: compiled, with the node flags of
 * `npm start`, as in production (decision 0018); BENCH_TSX=1 starts it from the sources under tsx.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A bench prepares its throw-away database in its own process and serves it from a child with
// another DATA_DIR: both must open the same data keys, as every process of a deployment does
// (decision 0037). One master key per bench run, handed to the children with the environment.
process.env.DATA_MASTER_KEYS ??= `bench:${randomBytes(32).toString('base64')}`;
export const tsx = path.join(root, 'node_modules/.bin/tsx');

export const mark = (ok: boolean) => (ok ? 'goal met' : 'goal NOT met');
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const n = (x: number) => x.toLocaleString('en-IN');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The p-th percentile of ascending values. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** VmRSS and VmHWM (the process's peak resident set) of a process, in bytes (Linux). */
export const memOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};

/** The pids of a process's children, grandchildren and so on (Linux). */
export function descendantsOf(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      return; // gone
    }
    for (const t of tasks) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const c of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
        out.push(c);
        visit(c);
      }
    }
  };
  visit(pid);
  return out;
}

const cmdlineOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};
/** Whether a process is the simulated bank the portal starts (features/payouts/bank-process.ts). */
export const isBank = (pid: number) => /bank-sim\/(src\/)?main\.(js|ts)/.test(cmdlineOf(pid));

/** VmRSS of the portal: its server process and every process under it except the simulated bank, in bytes. */
export function portalRss(serverPid: number): { rss: number; server: number; others: number } {
  const server = memOf(serverPid).rss;
  let others = 0;
  for (const pid of descendantsOf(serverPid)) {
    if (isBank(pid)) continue;
    try {
      others += memOf(pid).rss;
    } catch {
      // ended between the listing and the read
    }
  }
  return { rss: server + others, server, others };
}

/**
 * Samples portalRss every `everyMs` (50 by default) until stop(): the peak, the lowest and the last
 * sample, and the server's VmHWM at the end.
 */
export function sampleRss(serverPid: number, everyMs = 50) {
  const first = portalRss(serverPid);
  let peak = first.rss;
  let low = first.rss;
  let last = first.rss;
  let samples = 1;
  const take = () => {
    try {
      last = portalRss(serverPid).rss;
    } catch {
      return; // the server is gone; the figures so far stand
    }
    samples++;
    peak = Math.max(peak, last);
    low = Math.min(low, last);
  };
  const timer = setInterval(take, everyMs);
  return {
    start: first.rss,
    stop() {
      clearInterval(timer);
      take();
      return { start: first.rss, peak, low, last, samples, hwm: memOf(serverPid).hwm };
    },
  };
}

/** Three reads of a file by `tsx sheets-data.ts read`, each in a fresh process; the best and all. */
export function readBaseline(file: string) {
  const all: number[] = [];
  let rows = 0;
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(tsx, [path.join(root, 'bench/sheets-data.ts'), 'read', file], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`baseline read failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { rows: number; ms: number };
    all.push(out.ms);
    rows = out.rows;
  }
  return { best: Math.min(...all), all, rows };
}

/** Builds the server into apps/server/dist (scripts/build-server.mjs), once per bench process. */
let built = false;
export function buildServer(): void {
  if (built) return;
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the server build failed: ${r.stderr || r.stdout}`);
  built = true;
}

/**
 * The node flags `npm start` runs the compiled server with (read from package.json, so the benches
 * follow it); BENCH_NODE_FLAGS replaces them, to compare others.
 */
export function productionNodeFlags(): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const m = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(pkg.scripts.start ?? '');
  return m ? m[1]!.trim().split(/\s+/).filter(Boolean) : [];
}

/** How startPortal runs the server: `compiled` (node on apps/server/dist, as npm start) unless BENCH_TSX=1. */
export const portalMode = (): 'compiled' | 'tsx' => (process.env.BENCH_TSX === '1' ? 'tsx' : 'compiled');

/** The command line startPortal runs, for the figures' headings. */
export function portalCommand(role: string): string {
  return portalMode() === 'tsx' ? `tsx apps/server/src/main.ts --role=${role}` : `node ${productionNodeFlags().join(' ')} apps/server/dist/main.js --role=${role}`.replace(/\s+/g, ' ');
}

export interface PortalOptions {
  /** The bench database (its outbox holds the sign-in code). */
  db: Kysely<DB>;
  databaseUrl: string;
  role: 'all' | 'api';
  admin: { email: string; password: string; mobile: string };
  /** More environment for the server (data folder, bank settings, NODE_OPTIONS, ...). */
  env?: Record<string, string>;
}
export interface Portal {
  child: ChildProcess;
  base: string;
  auth: Record<string, string>;
  /** The node process that serves (the child itself when compiled; under tsx, the wrapper's node child). */
  serverPid: number;
}

/**
 * Starts the server with `--role=<role>` against the bench database and signs the admin
 * in over HTTP: compiled (built first) with npm start's node flags, or under tsx with BENCH_TSX=1.
 */
export async function startPortal(o: PortalOptions): Promise<Portal> {
  const port = await freePort();
  const args = [`--role=${o.role}`];
  const compiled = portalMode() === 'compiled';
  if (compiled) buildServer();
  const [command, argv] = compiled
    ? [process.execPath, [...productionNodeFlags(), path.join(root, 'apps/server/dist/main.js'), ...args]]
    : [tsx, [path.join(root, 'apps/server/src/main.ts'), ...args]];
  const child = spawn(command, argv, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ? 'info' : 'warn', // info: the sheet pipeline's phase times
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SMS_RATE_LIMIT_PER_HOUR: '100000',
      SMS_PER_ADMIN_PER_HOUR: '100000',
      SMTP_URL: '',
      SMS_URL: '',
      ...o.env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'], // BENCH_SERVER_LOG=1: the server's log too
  });
  try {
    return await signIn(child, `http://127.0.0.1:${port}/api`, o);
  } catch (err) {
    child.kill('SIGTERM'); // a server that did not come up is not left behind
    throw err;
  }
}

async function signIn(child: ChildProcess, base: string, o: PortalOptions): Promise<Portal> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 600) throw new Error('the server did not start within 60 s');
    await sleep(100);
  }
  const post = async (p: string, body: unknown) =>
    (await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;
  const since = new Date(Date.now() - 1000);
  const first = await post('/auth/sign-in', { email: o.admin.email, password: o.admin.password });
  const sms = await o.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', `+91${o.admin.mobile}`)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const { token } = await post('/auth/mfa/verify', { resolverToken: first.resolverToken, code: /\d{6}/.exec(sms.body)![0] });
  // Compiled, the child is the server; under tsx the server is the wrapper's node child (not the bank it starts).
  const children = portalMode() === 'compiled' ? [] : descendantsOf(child.pid!).filter((pid) => !isBank(pid));
  return { child, base, auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, serverPid: children[0] ?? child.pid! };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (performance category) of pages of the running portal.
// ---------------------------------------------------------------------------------------------

/**
 * An HTTPS front that speaks HTTP/2 to the browser and HTTP/1.1 to the portal at `origin`, as the
 * load balancer of a deployment does (docs/deploy.md: TLS ends at the balancer). A browser fetches
 * a page's files over one HTTP/2 connection at once, where over HTTP/1.1 it opens six connections
 * and waits a round trip per file on each; a signed-in page loads 25 to 60 files (decision 0041).
 * The certificate is made for the run with `openssl` (for 127.0.0.1; the bench's Chromium is told
 * to accept it). Null, saying why, when it cannot be made.
 */
export async function http2Front(origin: string): Promise<{ origin: string; close(): Promise<void> } | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  if (made.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    console.log('\nHTTP/2 front: `openssl` could not make a certificate (apt-get install -y openssl); not measured.');
    return null;
  }
  const upstream = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
  const server = http2.createSecureServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert), allowHTTP1: true }, (req, res) => {
    const headers: Record<string, string | string[] | undefined> = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && !hopByHop.has(k)) headers[k] = v;
    headers.host = upstream.host;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent }, (answer) => {
      const out: Record<string, string | string[] | undefined> = {};
      for (const [k, v] of Object.entries(answer.headers)) if (!hopByHop.has(k)) out[k] = v;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      await closed;
      agent.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, or CHROME_PATH: the browser Lighthouse and the phone's long tasks are measured in. */
const chromiumPath = (): string => process.env.CHROME_PATH ?? '/usr/bin/chromium';

export type LighthousePreset = 'mobile' | 'desktop';
export interface LighthousePage {
  /** Path and query, e.g. `/?signIn=true` or `/dashboard`. */
  path: string;
  /** Opened with the session token in local storage (else with none). */
  signedIn: boolean;
}
export interface LighthouseResult {
  page: LighthousePage;
  preset: LighthousePreset;
  scores: number[];
  median: number;
}

/**
 * Lighthouse's performance score of each page with each preset (mobile: Lighthouse's default,
 * a mid-range phone on a slow 4G link, simulated; desktop: its desktop preset), `runs` times each,
 * printing every run and the median against `goal`. Chromium at CHROME_PATH or /usr/bin/chromium;
 * a persistent profile shares the session token (local storage) with Lighthouse's tab, whose
 * storage Lighthouse leaves alone; the HTTP cache is emptied before every run so that each run
 * loads the page as a first visit does. Returns null (and says why) when it cannot measure.
 * BENCH_LH_SAVE=<folder> keeps every report (JSON).
 */
export async function lighthouseOf(o: {
  origin: string;
  /** Said after each page's name (e.g. how the page is reached). */
  label?: string;
  token: string | null;
  pages: LighthousePage[];
  presets: LighthousePreset[];
  runs?: number;
  goal: number;
}): Promise<LighthouseResult[] | null> {
  const chrome = chromiumPath();
  if (!fs.existsSync(chrome)) {
    console.log(`\nlighthouse: no Chromium at ${chrome}; not measured.`);
    return null;
  }
  let lighthouse: typeof import('lighthouse').default;
  let desktop: unknown;
  try {
    lighthouse = (await import('lighthouse')).default;
    desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  } catch {
    console.log('\nlighthouse: the `lighthouse` package cannot be loaded (npm install -w bench -D lighthouse); not measured.');
    return null;
  }
  const { chromium } = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-chrome-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chrome,
    // The bench's own HTTPS front (http2Front) has a certificate made for the run.
    ignoreHTTPSErrors: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors', `--remote-debugging-port=${port}`],
  });
  const runs = o.runs ?? 3;
  const results: LighthouseResult[] = [];
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${o.origin}/api/health`);
    for (const target of o.pages) {
      // The session token where the app looks for it (or none), in the profile Lighthouse's tab shares.
      await page.goto(`${o.origin}/api/health`);
      await page.evaluate(
        ([token]) => (token === null ? localStorage.removeItem('portal.token') : localStorage.setItem('portal.token', token)),
        [target.signedIn ? o.token : null] as const,
      );
      for (const preset of o.presets) {
        const scores: number[] = [];
        console.log(`\nlighthouse ${target.path} (${preset} preset${target.signedIn ? ', signed in' : ''}${o.label ? `, ${o.label}` : ''}):`);
        for (let run = 1; run <= runs; run++) {
          await cdp.send('Network.clearBrowserCache');
          const result = await lighthouse(
            `${o.origin}${target.path}`,
            { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
            (preset === 'desktop' ? desktop : undefined) as never,
          );
          const lhr = result?.lhr;
          if (!lhr) {
            console.log('  no result');
            continue;
          }
          const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
          scores.push(score);
          // BENCH_LH_SAVE=<folder>: keep each report (JSON) to look into.
          if (process.env.BENCH_LH_SAVE) {
            fs.mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
            const name = `${target.path.replace(/[^a-z0-9]+/gi, '_')}-${preset}-${run}.json`;
            fs.writeFileSync(path.join(process.env.BENCH_LH_SAVE, name), JSON.stringify(lhr));
          }
          const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
          // The main thread's long tasks as Lighthouse counts them on the preset's CPU (issue 24: a list
          // of 10 rows renders without a task over 50 ms on the mobile preset).
          const tasks = ((lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [])
            .map((t) => Math.round(t.duration ?? 0))
            .sort((a, b) => b - a);
          console.log(
            `  run ${run} (${lhr.lighthouseVersion}, host BenchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}): performance ${score}; FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
              `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}, final URL ${new URL(lhr.finalDisplayedUrl).pathname}`,
          );
          // Lighthouse's own warnings, such as a host CPU slower than the preset's throttling assumes (BenchmarkIndex under 1000).
          for (const w of lhr.runWarnings) console.log(`    Lighthouse warns: ${w.replace(/\s*\[[^\]]*\]\([^)]*\)/g, '').trim()}`);
          console.log(
            `    long tasks: ${tasks.length}${tasks.length ? ` (${tasks.slice(0, 6).join(', ')}${tasks.length > 6 ? ', ...' : ''} ms)` : ''}; ` +
              `longest ${tasks[0] ?? 0} ms -> ${mark((tasks[0] ?? 0) <= 50)} (<= 50 ms)`,
          );
        }
        const median = pct([...scores].sort((a, b) => a - b), 50);
        console.log(`  median performance ${median} -> ${mark(median >= o.goal)} (>= ${o.goal})`);
        results.push({ page: target, preset, scores, median });
      }
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

/** One load's long tasks (start and duration, ms from navigation), by when they ran. */
interface PhoneTasks {
  /** Before the entry script ran: the HTML, the stylesheets, the boot loader. */
  before: [number, number][];
  /** The app's start: the entry script's evaluation (the app's modules), then its pieces in tasks of their own (the router, React's root), up to the mark `portal:started` (main.tsx). */
  entry: [number, number][];
  /** After it: the frame's and the page's code and data arriving, the page and its list drawn. */
  after: [number, number][];
}

/** What the page's own observers saw of one load (the script `phoneInitScript` installs). */
interface PhoneSeen {
  started?: number;
  tasks: [number, number][];
  frames: { start: number; end: number; layout: number; scripts: { invoker: string; by: string; fn: string; url: string; ms: number }[] }[];
  /** What the loader's `then` answered. */
  outcome?: string;
}

/** What ran in a task (the scripts of the long animation frame it falls in, and its style and layout), to see where the time went. */
function whatRanIn(seen: PhoneSeen, t: [number, number]): string {
  const f = seen.frames.find((x) => t[0] >= x.start - 1 && t[0] < x.end);
  const scripts = (f?.scripts ?? []).filter((x) => x.ms >= 5).map((x) => `${x.by}${x.fn ? ` ${x.fn}` : ''} ${x.url.split('/').pop() ?? ''} ${x.ms} ms`);
  if (f && f.layout >= 5) scripts.push(`style and layout ${Math.round(f.layout)} ms`);
  return scripts.length ? ` [${scripts.join('; ')}]` : '';
}

/** Empties the page's observers' lists (`then` of PhoneLoader.load). */
const phoneForgetSeen = 'window.__phoneTasks.tasks.length = 0; window.__phoneTasks.frames.length = 0;';

/** Run in the page before any of its own scripts: the session token, and observers of the long tasks, the long animation frames and the mark `portal:started`. */
const phoneInitScript = (token: string | null) => `
  ${token === null ? "localStorage.removeItem('portal.token');" : `localStorage.setItem('portal.token', ${JSON.stringify(token)});`}
  const seen = { tasks: [], frames: [] };
  window.__phoneTasks = seen;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'portal:started') seen.started = e.startTime; }).observe({ type: 'mark', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) seen.tasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) seen.frames.push({ start: e.startTime, end: e.startTime + e.duration, layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0, scripts: e.scripts.map((s) => ({ invoker: s.invokerType, by: s.invoker, fn: s.sourceFunctionName, url: s.sourceURL, ms: Math.round(s.duration) })) });
  }).observe({ type: 'long-animation-frame', buffered: true });
`;

/**
 * Loads a page as a phone would (390x844, 3x pixels, touch, the CPU slowed 4x, a fresh context each
 * time: no cache) until the network is idle and 1 s more, and answers what the page's observers saw.
 * With `then` (an expression, awaited when it is a promise), `then` runs once the page has settled
 * (it may empty the observers' lists first: `phoneForgetSeen`), and 1 s after it the answer is what
 * they saw, with what `then` answered in `outcome`.
 */
interface PhoneLoader {
  /** How the browser is driven, for the printed heading. */
  label: string;
  load(url: string, token: string | null, then?: string): Promise<PhoneSeen>;
  close(): Promise<void>;
}

/**
 * Through Playwright, which enables DevTools' Runtime domain in every page, as Lighthouse does.
 * With an inspector attached V8 records a stack with line and column numbers for every `Error`
 * made, and React DOM makes its marker errors as its module is evaluated: V8 then parses the entry
 * script a second time inside the start's task (decision 0041, "What the start is made of").
 */
async function playwrightPhone(chrome: string): Promise<PhoneLoader> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--ignore-certificate-errors'] });
  return {
    label: 'DevTools Runtime attached, as Lighthouse',
    async load(url, token, then) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, ignoreHTTPSErrors: true });
      try {
        await context.addInitScript({ content: phoneInitScript(token) });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
        await sleep(1000);
        let outcome: string | undefined;
        if (then) {
          outcome = String(await page.evaluate(then));
          await sleep(1000);
        }
        return { ...(await page.evaluate<PhoneSeen>('window.__phoneTasks')), outcome };
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

/**
 * Over the DevTools protocol directly, with no Runtime domain enabled (only Target, Emulation and
 * Page), so V8 records `Error` stacks as it does on a phone with no DevTools open: the start as a
 * phone runs it. The page's figures are read once it has settled (`Runtime.evaluate` needs no
 * enabled domain).
 */
async function cdpPhone(chrome: string): Promise<PhoneLoader> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cdp-'));
  const child = spawn(chrome, ['--headless=new', '--no-sandbox', '--ignore-certificate-errors', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Chromium did not open its DevTools port within 30 s')), 30_000);
    child.stderr.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /DevTools listening on (ws:\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', () => reject(new Error('Chromium exited before opening its DevTools port')));
  });
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('could not connect to Chromium')), { once: true });
  });
  let next = 0;
  const replies = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const events: ((m: { method: string; params: Record<string, unknown>; sessionId?: string }) => void)[] = [];
  ws.addEventListener('message', (ev) => {
    const m = JSON.parse(String(ev.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string }; method?: string; params?: Record<string, unknown>; sessionId?: string };
    if (m.id !== undefined) {
      const r = replies.get(m.id);
      replies.delete(m.id);
      if (m.error) r?.reject(new Error(m.error.message));
      else r?.resolve(m.result ?? {});
    } else if (m.method) for (const f of events) f({ method: m.method, params: m.params ?? {}, sessionId: m.sessionId });
  });
  // Chromium gone: every call still waiting fails rather than hangs.
  ws.addEventListener('close', () => {
    for (const r of replies.values()) r.reject(new Error('Chromium closed its DevTools connection'));
    replies.clear();
  });
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++next;
      replies.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  return {
    label: 'no DevTools domain but Page, as on a phone',
    async load(url, token, then) {
      const { browserContextId } = (await send('Target.createBrowserContext')) as { browserContextId: string };
      let timer: NodeJS.Timeout | undefined;
      try {
        const { targetId } = (await send('Target.createTarget', { url: 'about:blank', browserContextId })) as { targetId: string };
        const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
        await send('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true }, sessionId);
        await send('Emulation.setTouchEmulationEnabled', { enabled: true }, sessionId);
        await send('Emulation.setCPUThrottlingRate', { rate: 4 }, sessionId);
        await send('Page.enable', {}, sessionId);
        await send('Page.setLifecycleEventsEnabled', { enabled: true }, sessionId);
        await send('Page.addScriptToEvaluateOnNewDocument', { source: phoneInitScript(token) }, sessionId);
        // The network idle (Chromium's lifecycle event: no request for 500 ms) after the load, as Playwright's `networkidle`.
        let loaded = false;
        const idle = new Promise<void>((resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`${url} did not settle within 60 s`)), 60_000);
          events.push((m) => {
            if (m.sessionId !== sessionId || m.method !== 'Page.lifecycleEvent') return;
            if (m.params.name === 'load') loaded = true;
            if (m.params.name === 'networkIdle' && loaded) resolve();
          });
        });
        await send('Page.navigate', { url }, sessionId);
        await idle;
        await sleep(1000);
        let outcome: string | undefined;
        if (then) {
          const done = (await send('Runtime.evaluate', { expression: then, awaitPromise: true, returnByValue: true }, sessionId)) as { result: { value?: unknown } };
          outcome = String(done.result.value);
          await sleep(1000);
        }
        const { result } = (await send('Runtime.evaluate', { expression: 'JSON.stringify(window.__phoneTasks)', returnByValue: true }, sessionId)) as { result: { value: string } };
        return { ...(JSON.parse(result.value) as PhoneSeen), outcome };
      } finally {
        clearTimeout(timer);
        events.length = 0;
        await send('Target.disposeBrowserContext', { browserContextId });
      }
    },
    async close() {
      ws.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill();
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The ways a phone's load is driven: both, or the one BENCH_TASKS=inspector|phone names. */
function phoneLoaders(): ((chrome: string) => Promise<PhoneLoader>)[] {
  const only = process.env.BENCH_TASKS;
  return [...(only === 'phone' ? [] : [playwrightPhone]), ...(only === 'inspector' ? [] : [cdpPhone])];
}

/**
 * The main thread's long tasks (over 50 ms) of each page as a phone loads it, measured rather than
 * simulated: Chromium at 390x844 (3x pixels, touch) with its CPU slowed 4x (the factor of
 * Lighthouse's mobile preset, here applied by Chromium itself), a fresh context each run (no cache),
 * the page loaded until the network is idle and 1 s more. Chromium reports the tasks
 * (PerformanceObserver `longtask`) and the long animation frames with the scripts that ran in them
 * (`long-animation-frame`), which tell the entry script's evaluation (invoker `module-script`, the
 * entry's URL) from what came before it, and the mark `portal:started` (main.tsx) ends the start's
 * pieces. Issue 24's goal is about the page and its list: no task over 50 ms after the start; the
 * start's tasks and those before it are printed beside it.
 * Each page is loaded twice over: through Playwright, with DevTools' Runtime domain attached as
 * Lighthouse has it, and over the protocol with no such domain, as a phone runs it (the start
 * differs: `playwrightPhone`). BENCH_TASKS=inspector or BENCH_TASKS=phone measures one way.
 * Prints its figures; says so and measures nothing when Chromium is missing.
 */
export async function phoneLongTasksOf(o: { origin: string; label: string; token: string | null; pages: LighthousePage[]; entry: string; runs?: number; goalMs: number }): Promise<void> {
  const chrome = chromiumPath();
  if (!fs.existsSync(chrome)) {
    console.log(`\nlong tasks: no Chromium at ${chrome}; not measured.`);
    return;
  }
  const loaders = phoneLoaders();
  const list = (tasks: [number, number][]) => (tasks.length ? tasks.map(([, d]) => d).join(', ') + ' ms' : 'none');
  for (const open of loaders) {
    const loader = await open(chrome);
    try {
      for (const target of o.pages) {
        console.log(`\nlong tasks of ${target.path} on a phone (390x844, CPU 4x slower${target.signedIn ? ', signed in' : ''}, ${o.label}; ${loader.label}):`);
        const runs: PhoneTasks[] = [];
        for (let run = 1; run <= (o.runs ?? 3); run++) {
          const seen = await loader.load(`${o.origin}${target.path}`, target.signedIn ? o.token : null);
          // The frame in which the entry module was evaluated: the tasks inside it, and those up to the mark, are the start.
          // Chromium reports only frames over 50 ms: when the evaluation's was shorter, the tasks up to the mark are the start (and what came before it).
          const frame = seen.frames.find((f) => f.scripts.some((s) => s.invoker === 'module-script' && s.url.endsWith(o.entry)));
          const split: PhoneTasks = { before: [], entry: [], after: [] };
          for (const t of seen.tasks) {
            if (frame && t[0] < frame.start - 1) split.before.push(t);
            else if ((frame && t[0] + t[1] <= frame.end + 1) || (seen.started !== undefined && t[0] <= seen.started)) split.entry.push(t);
            else split.after.push(t);
          }
          runs.push(split);
          console.log(
            `  run ${run}: before the entry ${list(split.before)}; the start (the entry's evaluation and pieces) ${list(split.entry)}${frame ? '' : ' (its evaluation under 50 ms)'}; ` +
              `after it (page, data, list) ${list(split.after)}${split.after.map((t) => whatRanIn(seen, t)).join('')}`,
          );
        }
        const longest = (k: keyof PhoneTasks) => Math.max(0, ...runs.flatMap((r) => r[k].map(([, d]) => d)));
        console.log(
          `  longest after the start: ${longest('after')} ms -> ${mark(longest('after') <= o.goalMs)} (<= ${o.goalMs} ms); ` +
            `the start ${longest('entry')} ms and before it ${longest('before')} ms -> ${mark(Math.max(longest('entry'), longest('before')) <= o.goalMs)}`,
        );
      }
    } finally {
      await loader.close();
    }
  }
}

/**
 * Waits (up to 15 s) for the list's "Next page" (Paginator), empties the observers' lists, presses it
 * and waits until the list's next rows are on screen: page 2 is the current page, the address says
 * so, and the main region's text changed and then stayed the same for half a second. Reads the DOM's
 * text only (`textContent`), which does not make the browser lay the page out, so the style and
 * layout stay in the frames they fall in.
 */
const nextListPage = `(async () => {
  let next = null;
  for (const t0 = performance.now(); !next && performance.now() - t0 < 15000; ) {
    next = document.querySelector('[aria-label="Next page"]');
    if (!next) await new Promise((r) => setTimeout(r, 100));
  }
  if (!next) return 'no "Next page" on ' + location.pathname + ' within 15 s';
  if (next.disabled || next.hasAttribute('data-disabled')) return 'the list has one page';
  await new Promise((r) => setTimeout(r, 500));
  ${phoneForgetSeen}
  const main = document.querySelector('main') ?? document.body;
  const before = main.textContent;
  next.click();
  const t0 = performance.now();
  let last = before, since = t0;
  while (performance.now() - t0 < 15000) {
    await new Promise((r) => setTimeout(r, 100));
    const now = main.textContent;
    if (now !== last) { last = now; since = performance.now(); continue; }
    const current = document.querySelector('[aria-label="Page 2"][aria-current="page"], [aria-label="Page 2"][data-active]');
    if (now !== before && current && /[?&]page=2(&|$)/.test(location.search) && performance.now() - since >= 500) return 'page 2 drawn';
  }
  return 'page 2 not drawn within 15 s';
})()`;

/**
 * Issue 24's "a list of 10 rows renders without long tasks over 50 ms", on its own: each page loaded
 * as `phoneLongTasksOf` loads it, then, once it has settled, its list's next page asked for
 * ("Next page") and drawn, the long tasks counted from the press until 1 s after the rows are on
 * screen (the request, the answer's render, the rows' style and layout).
 */
export async function phoneListPagingOf(o: { origin: string; label: string; token: string; pages: string[]; runs?: number; goalMs: number }): Promise<void> {
  const chrome = chromiumPath();
  if (!fs.existsSync(chrome)) {
    console.log(`\nthe next page of a list: no Chromium at ${chrome}; not measured.`);
    return;
  }
  for (const open of phoneLoaders()) {
    const loader = await open(chrome);
    try {
      for (const target of o.pages) {
        console.log(`\nthe next 10 rows of ${target} on a phone (390x844, CPU 4x slower, signed in, ${o.label}; ${loader.label}):`);
        const longest: number[] = [];
        for (let run = 1; run <= (o.runs ?? 3); run++) {
          const seen = await loader.load(`${o.origin}${target}`, o.token, nextListPage);
          // Without a press (no "Next page", or one page only) the observers' lists were not emptied: nothing to count.
          if (seen.outcome !== 'page 2 drawn') {
            console.log(`  run ${run}: ${seen.outcome}; not measured`);
            continue;
          }
          const durations = seen.tasks.map(([, d]) => d);
          longest.push(Math.max(0, ...durations));
          console.log(`  run ${run}: ${seen.outcome}; long tasks from the press on: ${durations.length ? `${durations.join(', ')} ms` : 'none'}${seen.tasks.map((t) => whatRanIn(seen, t)).join('')}`);
        }
        const worst = Math.max(0, ...longest);
        console.log(
          longest.length
            ? `  longest: ${worst} ms over ${longest.length} presses -> ${mark(worst <= o.goalMs)} (<= ${o.goalMs} ms)`
            : '  no press drew a second page: not measured',
        );
      }
    } finally {
      await loader.close();
    }
  }
}
