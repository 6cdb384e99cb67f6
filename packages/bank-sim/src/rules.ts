/**
 * The simulated bank's rules: how slow it is, which accounts fail, reverse or break the create
 * call, and how badly webhooks behave. Set from options, BANK_RULES (JSON) or PUT /v1/sim/rules;
 * they are configuration, not state, so they are kept in memory only.
 */
import { z } from 'zod';

/** [min, max] in milliseconds, both inclusive. */
export type LatencyRange = [number, number];

export interface BankRules {
  /** How long each status step takes: queued -> processing, processing -> processed/failed, processed -> reversed. */
  latencyMs: { toProcessing: LatencyRange; toSettled: LatencyRange; toReversed: LatencyRange };
  /** Payouts to these account numbers end `failed`. */
  failAccounts: string[];
  /** Payouts to these account numbers are processed (with a UTR), then `reversed`. */
  reverseAccounts: string[];
  /** The create call hangs past the client's timeout and records nothing. */
  timeoutBeforeRecording: string[];
  /** The create call records the payout, then hangs: the client cannot know the outcome. */
  timeoutAfterRecording: string[];
  /** The create call answers 500 and records nothing. */
  error500BeforeRecording: string[];
  /** The create call records the payout, then answers 500. */
  error500AfterRecording: string[];
  /**
   * How many create calls per idempotency key a "before recording" fault hits; later calls with the
   * key go through, so the client's retry path can be seen to work. "After recording" faults hit
   * only the call that recorded the payout: a retry finds it and gets it back.
   */
  faultsPerKey: number;
  /** How long a "timeout" create call hangs (it also ends when the client hangs up). */
  hangMs: number;
  /** Share (0..1) of webhook events sent twice. */
  webhookDuplicateRate: number;
  /** Deliver events in any order: each is delayed by a random 0..webhookReorderWindowMs. Otherwise in order per payout. */
  webhookOutOfOrder: boolean;
  webhookReorderWindowMs: number;
  /** Retries until the receiver answers 2xx, waiting base * 2^(attempt-1), at most max. */
  webhookRetryBaseMs: number;
  webhookRetryMaxMs: number;
  /** A delivery attempt not answered within this long counts as failed (and is retried). */
  webhookTimeoutMs: number;
  /** Seed of the random decisions (latencies, duplicates, reordering); setting it restarts the sequence. */
  seed: number;
}

export const DEFAULT_RULES: BankRules = {
  // Slow enough that the payout screen shows the statuses moving, fast enough for a demo.
  latencyMs: { toProcessing: [300, 1200], toSettled: [800, 3000], toReversed: [3000, 8000] },
  failAccounts: [],
  reverseAccounts: [],
  timeoutBeforeRecording: [],
  timeoutAfterRecording: [],
  error500BeforeRecording: [],
  error500AfterRecording: [],
  faultsPerKey: 1,
  hangMs: 60_000,
  webhookDuplicateRate: 0,
  webhookOutOfOrder: false,
  webhookReorderWindowMs: 2_000,
  webhookRetryBaseMs: 500,
  webhookRetryMaxMs: 30_000,
  webhookTimeoutMs: 10_000,
  seed: 1,
};

const ms = z.number().int().min(0).max(3_600_000);
const range = z
  .tuple([ms, ms])
  .refine(([a, b]) => a <= b, 'min must not exceed max');
const accounts = z.array(z.string().min(1).max(40)).max(10_000);

/** A partial update of the rules, as PUT /v1/sim/rules and BANK_RULES take it (latencies may be given one at a time). */
export const rulesPatchSchema = z
  .object({
    latencyMs: z.object({ toProcessing: range, toSettled: range, toReversed: range }).partial(),
    failAccounts: accounts,
    reverseAccounts: accounts,
    timeoutBeforeRecording: accounts,
    timeoutAfterRecording: accounts,
    error500BeforeRecording: accounts,
    error500AfterRecording: accounts,
    faultsPerKey: z.number().int().min(0).max(1_000_000),
    hangMs: ms,
    webhookDuplicateRate: z.number().min(0).max(1),
    webhookOutOfOrder: z.boolean(),
    webhookReorderWindowMs: ms,
    webhookRetryBaseMs: ms.min(1),
    webhookRetryMaxMs: ms.min(1),
    webhookTimeoutMs: ms.min(1),
    seed: z.number().int().min(0).max(0xffffffff),
  })
  .partial()
  .strict();

export type RulesPatch = z.infer<typeof rulesPatchSchema>;

export function mergeRules(base: BankRules, patch: RulesPatch | Partial<BankRules>): BankRules {
  return {
    ...base,
    ...patch,
    latencyMs: { ...base.latencyMs, ...patch.latencyMs },
  };
}

/** mulberry32: small, fast and good enough for simulation choices. Never used for ids or secrets. */
export class SeededRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  between([min, max]: LatencyRange): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return p > 0 && this.next() < p;
  }
}
