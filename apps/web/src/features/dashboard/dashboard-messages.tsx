// The messages the dashboard's client components read (issue 15): the root layout passes only a
// few namespaces to the browser, so these pages add their own.
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

export async function DashboardMessages({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider
      messages={{ dashboard: messages.dashboard, campaign: messages.campaign, format: messages.format, auth: messages.auth }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
