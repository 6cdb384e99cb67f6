/**
 * One writer of bank outcomes per process (group commit): whatever arrives while a batch is being
 * written (create answers, lookups, webhook events) goes into the next batch, and batches are
 * written one at a time. So a process never contends with itself for the payout rows or the
 * payroll's entry counts, and the batch grows with the load instead of the transaction count.
 * `write` resolves once its items are committed.
 */
import type { Deps } from '../../platform/context.js';
import { crashPoint } from './crash.js';
import { applyBankUpdates, PayrollStatusDeriver, type BankEvent, type BankState } from './status.js';

type Item = { state: BankState; event?: undefined } | { event: BankEvent; state?: undefined };
interface Waiting {
  items: Item[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Rows per transaction at most: a 50,000-row backlog is written in pieces that each commit quickly. */
const MAX_BATCH = 2_000;

export class BankWriter {
  private queue: Waiting[] = [];
  private running = false;
  constructor(
    private readonly deps: Deps,
    private readonly deriver: PayrollStatusDeriver,
  ) {}

  /** Answers and lookups. */
  states(states: BankState[]): Promise<void> {
    return states.length ? this.push(states.map((state) => ({ state }))) : Promise.resolve();
  }

  /** Webhook events (recorded once per bank payout and status, applied when new). */
  events(events: BankEvent[]): Promise<void> {
    return events.length ? this.push(events.map((event) => ({ event }))) : Promise.resolve();
  }

  private push(items: Item[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (!this.running) void this.pump();
    });
  }

  private async pump(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch: Waiting[] = [];
        let size = 0;
        while (this.queue.length && (size === 0 || size + this.queue[0]!.items.length <= MAX_BATCH)) {
          const w = this.queue.shift()!;
          batch.push(w);
          size += w.items.length;
        }
        const items = batch.flatMap((w) => w.items);
        try {
          const states = items.flatMap((i) => (i.state ? [i.state] : []));
          const events = items.flatMap((i) => (i.event ? [i.event] : []));
          this.deriver.schedule(await applyBankUpdates(this.deps.db, states, events, this.deps));
          if (states.length) crashPoint('after-store');
          for (const w of batch) w.resolve();
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

export interface PayoutContext {
  writer: BankWriter;
  deriver: PayrollStatusDeriver;
}

const contexts = new WeakMap<Deps, PayoutContext>();

/** The process's writer and status deriver (shared by the webhook route and the payout worker). */
export function payoutContextOf(deps: Deps): PayoutContext {
  let c = contexts.get(deps);
  if (!c) {
    const deriver = new PayrollStatusDeriver(deps.db, 250, (e) => deps.log.error(e));
    c = { deriver, writer: new BankWriter(deps, deriver) };
    contexts.set(deps, c);
  }
  return c;
}
