// Plays the buyer's browser on the wallet pages over HTTP: follows the button link, submits the
// forms the pages render and reports where the provider sends the buyer back. For contract tests
// and for the API's integration tests, which have no browser. It reads the pages' own forms, so a
// broken page breaks it too.
export interface BuyerStep {
  status: number;
  /** Where the provider redirected the browser (absolute), if it did. */
  location: string | undefined;
  html: string;
}

export async function visitWalletPage(url: string, init: RequestInit = {}): Promise<BuyerStep> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location, url).toString() : undefined, html: await response.text() };
}

function formAction(html: string, marker: string): string {
  for (const form of html.match(/<form\b[\s\S]*?<\/form>/g) ?? []) {
    if (!form.includes(marker)) continue;
    const action = /action="([^"]+)"/.exec(form)?.[1];
    if (action) return action.replace(/&amp;/g, '&');
  }
  throw new Error(`No form with ${marker} on the wallet page.`);
}

function formFields(html: string, marker: string): Record<string, string> {
  const form = (html.match(/<form\b[\s\S]*?<\/form>/g) ?? []).find((candidate) => candidate.includes(marker)) ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[input[1]!] = input[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return fields;
}

async function submit(pageUrl: string, html: string, marker: string): Promise<BuyerStep> {
  const action = new URL(formAction(html, marker), pageUrl).toString();
  return visitWalletPage(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(formFields(html, marker)).toString(),
  });
}

/** The button click: lands on the sign-in page of a new checkout session. */
export async function openWalletPage(buttonUrl: string): Promise<{ signInUrl: string; checkoutSessionId: string; page: BuyerStep }> {
  const click = await visitWalletPage(buttonUrl);
  if (!click.location) throw new Error(`The wallet refused the button (${click.status}): ${click.html.replace(/<[^>]+>/g, ' ').trim()}`);
  const checkoutSessionId = new URL(click.location).searchParams.get('amazonCheckoutSessionId')!;
  return { signInUrl: click.location, checkoutSessionId, page: await visitWalletPage(click.location) };
}

/** Signs in as a test buyer ('hanako', 'taro', 'declined', 'limited'); resolves the redirect back. */
export async function signInAs(signInUrl: string, buyerKey: string): Promise<BuyerStep> {
  const page = await visitWalletPage(signInUrl);
  return submit(signInUrl, page.html, `data-buyer="${buyerKey}"`);
}

/** Cancels on the sign-in page or the payment page. */
export async function cancelOnPage(pageUrl: string): Promise<BuyerStep> {
  const page = await visitWalletPage(pageUrl);
  return submit(pageUrl, page.html, 'data-action="cancel"');
}

/** On amazonPayRedirectUrl: approves the payment; resolves the redirect to the result URL. */
export async function approvePayment(amazonPayRedirectUrl: string): Promise<BuyerStep> {
  const page = await visitWalletPage(amazonPayRedirectUrl);
  if (page.status !== 200) throw new Error(`The payment page answered ${page.status}: ${page.html.replace(/<[^>]+>/g, ' ').trim()}`);
  return submit(amazonPayRedirectUrl, page.html, 'data-action="pay"');
}

export interface ButtonConfig {
  payloadJson: string;
  signature: string;
  publicKeyId: string;
  algorithm?: string;
  productType?: 'PayAndShip' | 'PayOnly';
}

/** The URL checkout.js sends the browser to when the button is clicked. */
export function walletButtonUrl(walletBaseUrl: string, button: ButtonConfig): string {
  const url = new URL(`${walletBaseUrl.replace(/\/$/, '')}/checkout`);
  url.searchParams.set('payload', button.payloadJson);
  url.searchParams.set('signature', button.signature);
  url.searchParams.set('publicKeyId', button.publicKeyId);
  if (button.algorithm) url.searchParams.set('algorithm', button.algorithm);
  if (button.productType) url.searchParams.set('productType', button.productType);
  return url.toString();
}
