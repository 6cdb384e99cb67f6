/**
 * Entry point. `--role=all` (default) serves the API and the SPA and runs the job worker;
 * `--role=api` only serves; `--role=worker` only works jobs. With `--demo` (npm start passes it) the
 * demo employer is created on an empty database, never in production; its sign-in details are
 * printed only when it is there.
 */
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { configProblem, recordPublicUrl, startRuntime } from './platform/runtime.js';
import { DataProtectionError } from './platform/data-protection.js';
import { queueStopping } from './platform/queue.js';
import { DEMO_ADMINS, DEMO_FLAG, DEMO_PASSWORD, demoAtStart, demoRefusal } from './demo/index.js';
import { workDocumentJobs } from './features/documents/index.js';
import { processSheet } from './sheets.js';
import { startBankProcess, workPayoutJobs, type PayoutWorker } from './features/payouts/index.js';
import { workPayrollJobs } from './features/payroll/index.js';
import { workApprovedAdvanceJobs } from './features/worker-side/index.js';
import { workWebhookDeliveries } from './features/webhooks/index.js';
import { createAuthService, workIdentityMailJobs } from './features/auth/index.js';

const role = (process.argv.find((a) => a.startsWith('--role='))?.split('=')[1] ?? 'all') as 'all' | 'api' | 'worker';
const askedForDemo = process.argv.includes(DEMO_FLAG);
const config = loadConfig();
// Refused before anything starts: a production database never gets the demo's admins.
const demoRefused = demoRefusal(askedForDemo, config.production);
if (demoRefused) {
  console.error(demoRefused);
  process.exit(1);
}
// A configuration the server cannot run with (production without DATABASE_URL, SMTP_URL or SMS_URL): the reason, no stack.
const configRefused = configProblem(config);
if (configRefused) {
  console.error(configRefused);
  process.exit(1);
}
// A master key that does not open the data keys (decision 0037): the reason, no stack, no protected data read or written.
const runtime = await startRuntime(config).catch((e: unknown) => {
  if (!(e instanceof DataProtectionError)) throw e;
  console.error(e.message);
  process.exit(1);
});
// The simulated bank, unless BANK_URL names a bank: its own process, started with the API.
const bankProcess = role !== 'worker' && !config.bankUrl ? startBankProcess(runtime.deps, runtime.databaseUrl, config.port) : null;
let payoutWorker: PayoutWorker | null = null;

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  queueStopping();
  // The bank first, so that no webhook is on its way to a closed portal (undelivered ones wait in its outbox).
  await payoutWorker?.stop();
  await bankProcess?.stop();
  await app?.close();
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

const app = role === 'worker' ? null : await buildApp(runtime.deps);
// The `api` role only queues jobs; `all` and `worker` work them.
if (role !== 'api') await workDocumentJobs(runtime.deps, processSheet);
if (role !== 'api') payoutWorker = await workPayoutJobs(runtime.deps);
if (role !== 'api') await workPayrollJobs(runtime.deps);
if (role !== 'api') await workApprovedAdvanceJobs(runtime.deps);
if (role !== 'api') await workWebhookDeliveries(runtime.deps);
if (role !== 'api') await workIdentityMailJobs(runtime.deps, createAuthService(runtime.deps).mails);
if (role === 'worker') console.log('worker started: waiting for jobs');

if (app) {
  // Seed before listening, so that a client that sees /api/health answer also sees the demo data.
  const demo = await demoAtStart(runtime.deps, askedForDemo);
  if (demo === 'seeded') console.log('Demo data created.');
  await app.listen({ port: config.port, host: config.host });
  // The CLI's links use it (it does not know this process's PORT).
  await recordPublicUrl(runtime.deps);
  if (!config.production) {
    const url = config.publicUrl;
    console.log(
      [
        '',
        '  Employer portal is running.',
        `  Sign in:        ${url}/?signIn=true`,
        ...(demo === 'absent'
          ? [
              askedForDemo
                ? '  No demo data: the database already has an employer (the demo is created only on an empty one).'
                : `  No demo data: start with ${DEMO_FLAG} on an empty database (npm start does), or create an employer with npm run cli -- create-employer.`,
            ]
          : [
              `  Super Admin:    ${DEMO_ADMINS.superAdmin.email}`,
              `  Viewer:         ${DEMO_ADMINS.viewer.email}`,
              `  Vendor admin:   ${DEMO_ADMINS.vendorAdmin.email}`,
              `  Password (all): ${DEMO_PASSWORD}`,
            ]),
        `  SMS codes and mails appear at ${url}/dev/outbox`,
        `  API docs:       ${url}/api/docs`,
        '',
      ].join('\n'),
    );
  }
}
