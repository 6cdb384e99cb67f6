/** The payroll's background work: its sheets are processed by the documents queue (registered in index.ts); the daily expiry is its own scheduled job. */
import { BUSINESS_TIME_ZONE } from '@portal/domain';
import type { Deps } from '../../platform/context.js';
import { expirePayrolls } from './use-cases/expire.js';

export const PAYROLL_EXPIRY_QUEUE = 'payroll-expiry';
/** Every day at 00:05 IST: the windows that closed yesterday. */
export const PAYROLL_EXPIRY_CRON = '5 0 * * *';

/** Creates the expiry queue and its daily schedule, and works it (roles `all` and `worker`). */
export async function workPayrollJobs(deps: Deps): Promise<void> {
  if (!deps.queue) return;
  await deps.queue.createQueue(PAYROLL_EXPIRY_QUEUE, { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 });
  await deps.queue.schedule(PAYROLL_EXPIRY_QUEUE, PAYROLL_EXPIRY_CRON, {}, { tz: BUSINESS_TIME_ZONE });
  await deps.queue.work(PAYROLL_EXPIRY_QUEUE, { pollingIntervalSeconds: 30, batchSize: 1 }, async () => {
    const moved = await expirePayrolls(deps, deps.now());
    if (moved) deps.log.info(`payroll expiry: ${moved} payroll(s) expired`);
  });
}
