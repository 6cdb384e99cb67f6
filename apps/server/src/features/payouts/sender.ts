/**
 * Sends payouts to the bank: each with its stored idempotency key, many in flight at once
 * (`payoutConcurrency` per process), answers stored in batches. On an unknown outcome (timeout,
 * 5xx) the bank is asked by reference first, then the same request is sent again with the same
 * key; a payout whose outcome stays unknown stays INITIATED for the job's retry or the
 * reconciliation poll, which send it again with the same key.
 */
import { sql } from 'kysely';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Deps } from '../../platform/context.js';
import { BankRejectedError, type BankPayout, type PayoutsApi } from '../../platform/payouts.js';
import { crashPoint } from './crash.js';
import { bankStateOf, type BankState } from './status.js';
import type { BankWriter } from './writer.js';

export interface PayoutRow {
  id: string;
  idempotency_key: string;
  amount: number;
  /** Sealed as stored; sendOne is given it opened. */
  account_number: string;
  ifsc: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** In-process attempts per payout before it is left to the job retry / poll. */
const SEND_TRIES = 3;

/** The bank's payout for our reference (the payout id), or null when it has none or cannot say. */
export async function lookUp(bank: PayoutsApi, payoutId: string): Promise<BankPayout | null> {
  try {
    const found = await bank.findByReference(payoutId);
    return found.find((p) => p.reference_id === payoutId) ?? null;
  } catch {
    return null;
  }
}

/** One payout to the bank: its state, or null when the outcome is still unknown. */
export async function sendOne(bank: PayoutsApi, row: PayoutRow, backoffMs = 200): Promise<BankState | null> {
  const request = { account_number: row.account_number, ifsc: row.ifsc, amount: row.amount, reference_id: row.id, narration: 'Salary' };
  for (let i = 1; i <= SEND_TRIES; i++) {
    try {
      return bankStateOf(await bank.createPayout(row.idempotency_key, request));
    } catch (e) {
      // A definite refusal of a new payout: FAILED with the bank's reason. (A 409 on our own key
      // means the bank holds a payout under it: look it up rather than fail it.)
      if (e instanceof BankRejectedError && e.status !== 409) {
        return { payoutId: row.id, bankPayoutId: null, status: 'FAILED', utr: null, failureReason: e.description };
      }
      // Unknown outcome: ask the bank by reference before sending again with the same key.
      const found = await lookUp(bank, row.id);
      if (found) return bankStateOf(found);
      if (e instanceof BankRejectedError) return { payoutId: row.id, bankPayoutId: null, status: 'FAILED', utr: null, failureReason: e.description };
      if (i < SEND_TRIES) await sleep(backoffMs * 2 ** (i - 1));
    }
  }
  return null;
}

export interface PayoutSender {
  /** Takes the given payouts that are still INITIATED and sends them; resolves when their answers are stored. Returns how many stay unknown. */
  send(payoutIds: readonly string[]): Promise<number>;
  /** Sends payouts already taken (`sent_at` set by the caller). */
  sendRows(rows: readonly PayoutRow[]): Promise<number>;
  /** At most `payoutConcurrency` bank calls in flight in this process, for every job that sends or asks. */
  limiter: LimitFunction;
}

export function createPayoutSender(deps: Deps, writer: BankWriter): PayoutSender {
  const limiter = pLimit(deps.config.payoutConcurrency);

  async function sendRows(rows: readonly PayoutRow[]): Promise<number> {
    let unknown = 0;
    // A slot is held for the bank call only; storing is batched across calls (and jobs) by the writer.
    const stored: Promise<void>[] = [];
    await Promise.all(
      rows.map((row) =>
        limiter(async () => {
          crashPoint('before-bank-call');
          // The account number is sealed at rest (decision 0037): opened here, just before the bank call, and nowhere kept.
          const state = await sendOne(deps.bank.api, { ...row, account_number: await deps.protector.openTextFresh(row.account_number) });
          crashPoint('after-bank-call');
          if (state) stored.push(writer.states([state]));
          else unknown++;
        }),
      ),
    );
    await Promise.all(stored);
    return unknown;
  }

  return {
    limiter,
    sendRows,
    async send(payoutIds) {
      if (payoutIds.length === 0) return 0;
      // Taken (sent_at) in one statement: the poll resends a taken payout only once it has waited too long.
      const rows = await sql<PayoutRow>`
        update payouts set sent_at = now() where id = any(${[...payoutIds]}::uuid[]) and status = 'INITIATED'
        returning id, idempotency_key, amount, account_number, ifsc`.execute(deps.db);
      return sendRows(rows.rows);
    },
  };
}
