// The messages client components can read. Client components only get the namespaces they use,
// to keep each page's JS small, and a NextIntlClientProvider *replaces* the messages of the one
// above it instead of adding to them: a page that handed its own namespaces to a provider of its
// own took the header's and the login notice's away from everything below it, which then showed
// raw keys such as `nav.login` (ADR 056). So every provider is this one: the root layout's
// namespaces, plus those a page adds. ESLint allows NextIntlClientProvider nowhere else.
import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

export type MessageNamespace = keyof Messages;

/** What every page's client components may read: the site chrome, the auth modal and the global dialogs. */
export const ROOT_CLIENT_NAMESPACES = [
  'nav',
  'auth',
  'errors',
  'layout',
  'dialogs',
  'updatePrompt',
] as const satisfies readonly MessageNamespace[];

/** Picks `namespaces` out of the request's catalogue; exported for its test. */
export function pickNamespaces(messages: Messages, namespaces: readonly MessageNamespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
}

/**
 * Gives the client components below it the root layout's namespaces and `add` (a page's own, e.g.
 * `['donate']`). Without `add` it is the root layout's provider.
 */
export async function ClientMessages({ add = [], children }: { add?: readonly MessageNamespace[]; children: ReactNode }) {
  const messages = await getMessages();
  const namespaces = [...new Set([...ROOT_CLIENT_NAMESPACES, ...add])];
  return <NextIntlClientProvider messages={pickNamespaces(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
