'use client';
// /staff/applications/{id} (ADR 078): one application, whole — the organisation, its address and
// representative, its certification, the payout account the bank checked, its documents (opened
// through the API, staff only) and social challenges — and the decision: approve (the associate
// goes live with the applicant as owner), or decline or ask for changes with a reason the applicant
// is mailed. Only a waiting application can be decided.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { Link } from '@/i18n/navigation';
import { staffApi, type Decision } from './staff-api';
import { StaffLoadState } from './staff-load-state';
import { useStaffLoad } from './use-staff-load';

const DONE = { approve: 'approved', decline: 'declined', 'request-changes': 'changesRequested' } as const;

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold">{title}</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function DecisionForm({
  application,
  onDecided,
}: {
  application: api.AssociateApplicationView;
  onDecided: (view: api.AssociateApplicationView) => void;
}) {
  const t = useTranslations('staff.applications');
  const locale = useLocale() as Locale;
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [notice, setNotice] = useState('');
  const [working, setWorking] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  async function decide(decision: Decision) {
    if (decision !== 'approve' && reason.trim() === '') {
      setReasonMissing(true);
      reasonField.current?.focus();
      return;
    }
    setReasonMissing(false);
    setWorking(true);
    try {
      onDecided(await staffApi.decide(application.id, decision, reason, locale));
      setNotice(t(DONE[decision]));
    } catch {
      setNotice(t('decideFailed'));
    } finally {
      setWorking(false);
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="staff-application-decision">
      <h2 className="text-lg font-bold">{t('section.decision')}</h2>
      <p role="status" aria-live="polite" data-testid="staff-application-notice">
        {notice}
      </p>
      {application.status === 'submitted' ? (
        <>
          <label htmlFor="staff-application-reason" className="font-semibold">
            {t('reasonLabel')}
          </label>
          <textarea
            id="staff-application-reason"
            ref={reasonField}
            rows={4}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={inputClasses(reasonMissing)}
            aria-invalid={reasonMissing}
            aria-describedby={describedBy('staff-application-reason', false, reasonMissing)}
            data-testid="staff-application-reason"
          />
          {reasonMissing ? (
            <p id="staff-application-reason-error" className="text-sm text-red-700">
              {t('reasonRequired')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={working}
              onClick={() => decide('approve')}
              className={buttonClasses({ size: 'md' })}
              data-testid="staff-application-approve"
            >
              {working ? t('deciding') : t('approve')}
            </button>
            <button
              type="button"
              disabled={working}
              onClick={() => decide('request-changes')}
              className={buttonClasses({ variant: 'secondary', size: 'md' })}
              data-testid="staff-application-request-changes"
            >
              {t('requestChanges')}
            </button>
            <button
              type="button"
              disabled={working}
              onClick={() => decide('decline')}
              className={buttonClasses({ variant: 'secondary', size: 'md' })}
              data-testid="staff-application-decline"
            >
              {t('decline')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="staff-application-decided">{t('decided', { status: t(`status.${application.status}`) })}</p>
          {application.reason ? <p className="whitespace-pre-wrap rounded-xl bg-slate-50 p-3">{application.reason}</p> : null}
          {application.associate_uid ? (
            <Link href={`/associate/${application.associate_uid}`} className="underline">
              {t('openAssociate')}
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}

export function ApplicationReview({ id }: { id: number }) {
  const t = useTranslations('staff.applications');
  const locale = useLocale() as Locale;
  const [load, retry, replace] = useStaffLoad(() => staffApi.application(id, locale), `${id}-${locale}`);
  if (load.state !== 'loaded') return <StaffLoadState load={load} retry={retry} testId="staff-application" />;
  const a = load.value;
  const certification = a.certification;
  return (
    <div className="flex flex-col gap-4" data-testid="staff-application" data-status={a.status}>
      <p>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold">{t(`status.${a.status}`)}</span>
      </p>
      <Facts
        title={t('section.organisation')}
        rows={[
          [t('field.name'), a.name],
          [t('field.name_kana'), a.name_kana],
          [t('field.name_en'), a.name_en || '—'],
          [t('field.type'), a.organisation_type_label],
          [t('field.corporate_number'), a.corporate_number || '—'],
          [t('field.uid'), a.requested_uid],
          [t('field.applicant'), a.applicant.email],
        ]}
      />
      <Facts
        title={t('section.address')}
        rows={[
          [t('field.address'), `〒${a.address.postalCode} ${a.address.state}${a.address.city}${a.address.street} ${a.address.building}`],
          [t('field.representative'), `${a.representative}（${a.representative_kana}）`],
          [
            t('field.certification'),
            certification
              ? `${certification.number} / ${certification.authority} / ${certification.certified_on} – ${certification.expires_on}`
              : '—',
          ],
        ]}
      />
      <Facts
        title={t('section.bank')}
        rows={[
          [
            t('field.bank'),
            `${a.bank_account.bank_name}（${a.bank_account.bank_code}） ${a.bank_account.branch_name}（${a.bank_account.branch_code}） ${a.bank_account.account_number} ${a.bank_account.account_holder}`,
          ],
        ]}
      />
      <section className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">{t('section.documents')}</h2>
        {a.documents.length === 0 ? (
          <p>{t('noDocuments')}</p>
        ) : (
          <ul className="list-disc pl-5">
            {a.documents.map((document) => (
              <li key={document.id}>
                <a href={staffApi.documentHref(document.id)} className="underline" data-testid="staff-application-document">
                  {document.file_name}
                </a>
              </li>
            ))}
          </ul>
        )}
        <h2 className="mt-2 text-lg font-bold">{t('section.challenges')}</h2>
        <p>{a.social_challenges.map((challenge) => challenge.name).join('、')}</p>
      </section>
      <DecisionForm application={a} onDecided={replace} />
      <Link href="/staff/applications" className="underline">
        {t('back')}
      </Link>
    </div>
  );
}
