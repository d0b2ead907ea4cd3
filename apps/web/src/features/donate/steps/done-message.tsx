'use client';
// The Done screen's message to the associate or campaign (spec §2 "Completion screen"; logic in
// done-message-api.ts): a default text naming the recipient, a 'hide my name' option and Send;
// once sent it shows the message with Update. A message written in the form already exists (the
// creation response's id), so it shows as sent. Not offered for portfolio gifts (ADR 010).
import { DONATION_MESSAGE_MAX_LENGTH } from '@kifu/domain/constants';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast';
import { createApiClient } from '@/lib/api-client';
import { createDoneMessageApi, sendDoneMessage } from '../done-message-api';
import type { Contribution } from '../form/persisted-form-store';
import { Checkbox, describedBy, Field, inputClasses } from '../form/form-controls';
import type { DonateFormValues } from '../form/field-values';
import { useRequiredLabels } from '../form/use-field-error';

interface Sent {
  id: number;
  message: string;
  hideName: boolean;
}

export function DoneMessage({
  recipient,
  contribution,
  onSent,
}: {
  recipient: string;
  contribution: Contribution;
  onSent: (messageId: number) => void;
}) {
  const t = useTranslations('donate.doneMessage');
  const locale = useLocale() as Locale;
  const labels = useRequiredLabels();
  const { getValues } = useFormContext<DonateFormValues>();
  const api = useMemo(() => createDoneMessageApi(createApiClient('/backend')), []);
  const token = contribution.statusToken ?? null;
  // An anonymous gift's message never shows the name (the API keeps it hidden too).
  const anonymous = getValues('isAnonymous');
  const written = getValues('message').trim();
  const [sent, setSent] = useState<Sent | null>(() =>
    contribution.messageId ? { id: contribution.messageId, message: written, hideName: anonymous } : null,
  );
  const [editing, setEditing] = useState(sent === null);
  const [text, setText] = useState(() => sent?.message || t('defaultText', { name: recipient }));
  const [hideName, setHideName] = useState(anonymous);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  // The message written in the form: read it back as the API keeps it (text and name choice).
  const knownId = contribution.messageId ?? null;
  useEffect(() => {
    if (knownId === null) return;
    let live = true;
    api.get(knownId, token).then(
      (view) => {
        if (!live) return;
        setSent({ id: view.id, message: view.message, hideName: !view.is_name_public });
        setText(view.message);
        setHideName(!view.is_name_public);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, knownId, token]);

  const submit = async () => {
    setBusy(true);
    const outcome = await sendDoneMessage(
      {
        donationId: contribution.donationId,
        messageId: sent?.id ?? null,
        token,
        draft: { message: text, hideName },
        label: t('label'),
        locale,
      },
      api,
    );
    setBusy(false);
    if (outcome.status === 'invalid') {
      setError(outcome.fieldError);
      return;
    }
    if (outcome.status === 'failed') {
      notify.error(outcome.message, { id: 'donation-message' });
      return;
    }
    const wasSent = sent !== null;
    setError(undefined);
    setSent({ id: outcome.view.id, message: outcome.view.message, hideName: !outcome.view.is_name_public });
    setEditing(false);
    onSent(outcome.view.id);
    notify.success(wasSent ? t('updated') : t('sentTitle'), { id: 'donation-message' });
  };

  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 md:p-6"
      data-testid="done-message"
      data-state={editing ? 'editing' : 'sent'}
    >
      <h2 className="text-lg font-bold">{sent && !editing ? t('sentTitle') : t('heading')}</h2>
      <p className="mt-1 text-sm text-muted">{t('hint', { name: recipient })}</p>
      {sent && !editing ? (
        <div className="mt-4">
          <p className="whitespace-pre-wrap rounded-xl bg-slate-50 px-4 py-3 leading-relaxed" data-testid="done-message-text">
            {sent.message}
          </p>
          <p className="mt-2 text-xs text-muted" data-testid="done-message-name">
            {sent.hideName ? t('nameHidden') : t('namePublic')}
          </p>
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary' })}
              onClick={() => setEditing(true)}
              data-testid="done-message-edit"
            >
              {t('edit')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="mt-4 flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void submit();
          }}
        >
          <Field
            id="done-message-input"
            label={t('label')}
            labels={labels}
            required
            error={error}
            hint={t('counter', { count: text.length, max: DONATION_MESSAGE_MAX_LENGTH })}
          >
            <textarea
              id="done-message-input"
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={4}
              maxLength={DONATION_MESSAGE_MAX_LENGTH}
              aria-required
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={describedBy('done-message-input', true, error)}
              className={inputClasses(Boolean(error), 'resize-y')}
            />
          </Field>
          <Checkbox
            id="done-message-hide-name"
            checked={hideName}
            disabled={anonymous}
            onChange={(event) => setHideName(event.target.checked)}
            label={t('hideName')}
          />
          <div className="flex justify-end gap-2">
            {sent ? (
              <button type="button" className={buttonClasses({ variant: 'ghost' })} onClick={() => setEditing(false)}>
                {t('cancel')}
              </button>
            ) : null}
            <button type="submit" disabled={busy} className={buttonClasses({})} data-testid="done-message-submit">
              {busy ? t('sending') : sent ? t('update') : t('send')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
