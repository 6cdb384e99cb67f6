import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh portal (embedded PostgreSQL in a new folder, demo data: --demo) for the whole run. The folder
// is chosen once and inherited by the workers through the environment.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  fs.chmodSync(process.env.E2E_DATA_DIR, 0o755); // the embedded PostgreSQL runs as the postgres user
}
process.env.E2E_PORT ??= String(3900 + Math.floor(Math.random() * 90));
// The simulated bank's key, so journeys can set its failure rules (PUT /v1/sim/rules) as a test would.
process.env.E2E_BANK_API_KEY ??= `e2e-bank-${Math.random().toString(36).slice(2)}`;
// The worker app's service token, so journeys can act as a worker (/worker-api) as the demo seed does.
process.env.E2E_WORKER_API_TOKEN ??= `e2e-worker-${Math.random().toString(36).slice(2)}`;
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'tsx ../apps/server/src/main.ts --demo',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(process.env.E2E_DATA_DIR, 'data'),
      EMBEDDED_PG_PORT: String(port + 51000),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      SMS_RATE_LIMIT_PER_HOUR: '10000',
      SMS_PER_ADMIN_PER_HOUR: '10000',
      BANK_API_KEY: process.env.E2E_BANK_API_KEY,
      WORKER_API_TOKEN: process.env.E2E_WORKER_API_TOKEN,
    },
  },
});
