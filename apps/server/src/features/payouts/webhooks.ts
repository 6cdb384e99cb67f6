/**
 * The bank's webhooks (POST /api/webhooks/bank). The signature is checked on the raw body; the
 * events of concurrent deliveries are written together by the process's writer (group commit),
 * and each delivery is answered only once its event is committed, so a 2xx always means
 * "recorded". A repeated or late event changes nothing (status.ts).
 */
import type { Deps } from '../../platform/context.js';
import { parseBankWebhook, verifyBankSignature } from '../../platform/payouts.js';
import { recordCredits } from './account.js';
import { crashPoint } from './crash.js';
import { bankStateOf } from './status.js';
import type { BankWriter } from './writer.js';

export type WebhookOutcome = 'applied' | 'ignored' | 'bad-signature';

export interface WebhookReceiver {
  receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome>;
}

export function createWebhookReceiver(deps: Deps, writer: BankWriter): WebhookReceiver {
  return {
    async receive(rawBody, signature) {
      if (!verifyBankSignature(deps.bank.webhookSecret, rawBody, signature)) return 'bad-signature';
      const event = parseBankWebhook(rawBody);
      // An event we do not know is acknowledged, so the bank stops sending it.
      if (!event) return 'ignored';
      crashPoint('webhook-received');
      if (event.event === 'virtual_account.credited') await recordCredits(deps.db, [event.payload.credit]);
      else await writer.events([{ eventId: event.event_id, bankStatus: event.event.slice('payout.'.length), state: bankStateOf(event.payload.payout) }]);
      crashPoint('webhook-applied');
      return 'applied';
    },
  };
}
