// Sends a bank event (a deposit, a transfer's outcome) to Kifu (BANK_WEBHOOK_URL), signed with the
// webhook secret. Not awaited: the bank books the deposit or the transfer whether or not the
// merchant is listening, and Kifu catches up on missed deliveries through GET /v1/events.
import type { SandboxContext } from '../shared/context';
import type { BankEvent } from './bank-store';
import { BANK_EVENT_ID_HEADER, BANK_SIGNATURE_HEADER, signBankWebhook } from './webhook-signature';

export function notifyMerchant(context: SandboxContext, event: BankEvent): void {
  const body = JSON.stringify(event);
  // Wall-clock seconds, not the sandbox clock: the receiver checks the timestamp against its own
  // clock to refuse replays, and tests move only the sandbox's.
  const timestamp = Math.floor(Date.now() / 1000);
  void context.webhooks.deliver({
    provider: 'bank',
    url: context.config.BANK_WEBHOOK_URL,
    body,
    headers: {
      [BANK_SIGNATURE_HEADER]: signBankWebhook(body, timestamp, context.config.BANK_WEBHOOK_SECRET),
      [BANK_EVENT_ID_HEADER]: event.id,
    },
    label: `${event.type} ${event.id}`,
  });
}
