'use client';
// /auth/application/edit-recurring-donations (spec §2, §6; ADR 034): a supporter without an account
// asks for the mailed link with their email — the answer never says whether the address gives — and
// the link (?code=) opens an hour's session in which this page lists and changes their recurring
// donations (RecurringSupport as a guest). The code is used once, then taken out of the address.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { readToEnd } from '@/lib/read-to-end';
import { RecurringSupport } from './recurring-support';

type State = 'checking' | 'form' | 'sent' | 'opening' | 'open' | 'invalid';

const post = (path: string, body: unknown) =>
  fetch(`/backend${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export function GuestRecurringAccess() {
  const t = useTranslations('guestRecurring');
  const locale = useLocale() as Locale;
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const code = params.get('code');
  const [state, setState] = useState<State>(code ? 'opening' : 'checking');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opened = useRef(false);
  const inputId = useId();

  useEffect(() => {
    if (code) {
      // Once only, even if React runs the effect twice: a code works once.
      if (opened.current) return;
      opened.current = true;
      void post('/auth/application/edit-recurring-donations/session/', { code }).then(async (response) => {
        setState((await readToEnd(response)).ok ? 'open' : 'invalid');
        router.replace(pathname);
      });
      return;
    }
    // Back on the page within the hour (a reload): the session is still open.
    if (state === 'checking') {
      void fetch(`/backend/auth/application/recurring-donations/?lang=${locale}`, { credentials: 'same-origin' }).then(async (response) =>
        setState((await readToEnd(response)).ok ? 'open' : 'form'),
      );
    }
  }, [code, locale, pathname, router, state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    const response = await post('/auth/application/edit-recurring-donations/', { email, lang: locale }).catch(() => null);
    const sent = response !== null && (await readToEnd(response)).status === 202;
    setSending(false);
    if (sent) setState('sent');
    else setError(t('failed'));
  }

  if (state === 'checking' || state === 'opening') {
    return (
      <p role="status" className="text-muted">
        {t('opening')}
      </p>
    );
  }
  if (state === 'open') {
    return (
      <div className="flex flex-col gap-6" data-testid="guest-recurring-open">
        <p role="status" className="rounded-xl bg-emerald-50 p-4 text-sm">
          {t('open')}
        </p>
        <Link
          href="/credit"
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          data-testid="guest-change-card"
        >
          {t('changeCard')}
        </Link>
        <RecurringSupport caller="guest" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {state === 'invalid' ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4" data-testid="guest-link-invalid">
          {t('invalid')}
        </p>
      ) : null}
      {state === 'sent' ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-4" data-testid="guest-link-sent">
          {t('sent')}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" data-testid="guest-link-form">
          <p className="leading-relaxed">{t('lead')}</p>
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold">
              {t('email')}
            </label>
            <input
              id={inputId}
              type="email"
              required
              maxLength={256}
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClasses(false)}
              data-testid="guest-link-email"
            />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className={buttonClasses({ className: 'self-start disabled:opacity-50' })}
            data-testid="guest-link-submit"
          >
            {sending ? t('sending') : t('submit')}
          </button>
        </form>
      )}
      <p className="text-sm text-muted">
        {t('loginLead')}{' '}
        <Link href="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          {t('login')}
        </Link>
      </p>
    </div>
  );
}
