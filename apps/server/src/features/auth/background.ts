/**
 * Mails that the caller must not wait for: a reset link or an invitation asked for anonymously is
 * sent after the answer, so that the answer takes as long for a known e-mail as for an unknown one
 * and a failing mail server cannot tell them apart (issue 15, security 3). A failure is logged.
 */
import type { Deps } from '../../platform/context.js';

const pending = new Set<Promise<void>>();

export function inBackground(deps: Deps, what: string, task: () => Promise<void>): void {
  const run = (async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await task();
  })().catch((error: unknown) => deps.log.error({ err: error }, `identity mail (${what}) failed`));
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Waits for the mails under way (closing the app, and tests that read the outbox). */
export async function settleBackgroundMail(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
