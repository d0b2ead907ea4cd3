// The messages the dashboard's client components read (ADR 036): the root layout passes only a
// few namespaces to the browser, so these pages add their own to those (i18n/client-messages.tsx).
import type { ReactNode } from 'react';
import { ClientMessages } from '@/i18n/client-messages';

export async function DashboardMessages({ children }: { children: ReactNode }) {
  return <ClientMessages add={['dashboard', 'campaign', 'format']}>{children}</ClientMessages>;
}
