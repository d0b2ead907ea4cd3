// The sandbox services (apps/sandbox) as a browser spec reads them over HTTP: their address, the card
// gateway's API with its keys (Omise-like Basic auth), and the mailbox where the API's mails land.
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { expect, type APIRequestContext } from '@playwright/test';

export const SANDBOX_URL = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;

/** The card gateway's Basic auth with its public key (tokens, as the browser) or its secret key (the API's side). */
export function cardGatewayAuth(key: 'publicKey' | 'secretKey'): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card[key]}:`).toString('base64')}` };
}

export interface Mail {
  subject: string;
  text: string;
}

/** Every mail the sandbox mailbox holds for `to` ([] while none has arrived). */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const reply = await request.get(`${SANDBOX_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await reply.json()) as { messages: Mail[] }).messages;
}

/** The first link matching `pattern` in the mails to `to`, only those with `subject` if given ('' while there is none). */
export async function linkInMails(request: APIRequestContext, to: string, pattern: RegExp, subject?: string): Promise<string> {
  const mails = (await mailsTo(request, to)).filter((mail) => subject === undefined || mail.subject === subject);
  return pattern.exec(mails.map((mail) => mail.text).join('\n'))?.[0] ?? '';
}

/** The receipt link of the thank-you mail to `email`, once the mail worker has delivered it. */
export async function mailedReceiptLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        link = await linkInMails(request, email, /https?:\/\/\S+receipt-pdf\S+/);
        return link;
      },
      { timeout: 60_000 },
    )
    .toContain('receipt-pdf');
  return link;
}
