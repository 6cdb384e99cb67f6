/**
 * The simulated bank as its own process, started by the portal (`npm start`) when BANK_URL is not
 * set: the bank-sim workspace's `main` (packages/bank-sim) on BANK_PORT, on the portal's database
 * (schema bank_sim), sending its webhooks to this portal. It is stopped with the portal (and stops by itself if the portal dies);
 * if it dies, it is started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Deps } from '../../platform/context.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Compiled (apps/server/dist, decision 0018) the bank starts from the compiled files with plain
 * node, with the portal's own memory and source-map flags; from the sources (npm run dev, tests)
 * it starts from the .ts files under tsx.
 */
const compiled = import.meta.url.endsWith('.js');
const ext = compiled ? '.js' : '.ts';
/** Compiled: built beside the portal into dist/bank-sim/main.js; from the sources: packages/bank-sim/src/main.ts. */
const bankMain = () => (compiled ? path.resolve(here, '../../bank-sim/main.js') : fileURLToPath(new URL('./main.ts', import.meta.resolve('@portal/bank-sim'))));
const GUARD = path.join(here, `bank-child-guard${ext}`);
const NODE_FLAGS = /^--(max-semi-space-size|max-old-space-size|optimize-for-size|enable-source-maps)\b/;
const childArgs = (): string[] => [
  ...(compiled ? process.execArgv.filter((a) => NODE_FLAGS.test(a)) : ['--import', import.meta.resolve('tsx')]),
  '--import',
  pathToFileURL(GUARD).href,
  bankMain(),
];

export interface BankProcess {
  stop(): Promise<void>;
}

export function startBankProcess(deps: Deps, databaseUrl: string, portalPort: number): BankProcess {
  const { config, bank, log } = deps;
  let child: ChildProcess | null = null;
  let stopping = false;
  let restarts = 0;

  const start = () => {
    child = spawn(process.execPath, childArgs(), {
      // The IPC channel only tells the bank when the portal is gone (bank-child-guard.ts).
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BANK_SIM_DATABASE_URL: databaseUrl,
        BANK_PORT: String(config.bankPort),
        BANK_HOST: '127.0.0.1',
        BANK_API_KEY: bank.apiKey,
        BANK_WEBHOOK_URL: `http://127.0.0.1:${portalPort}/api/webhooks/bank`,
        BANK_WEBHOOK_SECRET: bank.webhookSecret,
      },
    });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      restarts++;
      log.warn(`simulated bank exited (${signal ?? code}); starting it again`);
      setTimeout(start, Math.min(30_000, 500 * 2 ** Math.min(restarts, 6))).unref();
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      const c = child;
      if (!c) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => c.kill('SIGKILL'), 5_000);
        c.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        c.kill('SIGTERM');
      });
    },
  };
}
