'use client';
// /dashboard/{uid}/campaigns (ADR 069): campaigns supporters started for the associate that asked
// for its approval — waiting first, oldest request first — then the approved and the declined, one
// link per state with its count. Owners and staff open a waiting one's preview, approve it (public
// at once) or decline it with a reason the fundraiser reads in their mail; viewers read only.
import { consoleCampaignsQuery, LISTED_APPROVAL_STATUSES, type ConsoleCampaign } from '@kifu/domain/api/console-campaigns';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { Link } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { campaignTypeKey } from '@/lib/campaign-type-name';
import { filtersOf } from './address-filters';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { StatusPill, useGiftFormat } from './gift-labels';
import { ListFrame, ListTable, StateTabs } from './list-frame';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 50;
const FILTERS = ['approval'] as const;
const COLUMNS = ['campaign', 'fundraiser', 'period', 'goal', 'requested', 'approval', 'decision'] as const;
const APPROVAL_TONE: Record<ConsoleCampaign['approval'], string> = {
  not_requested: 'bg-slate-100 text-slate-800',
  requested: 'bg-amber-50 text-amber-900',
  approved: 'bg-emerald-50 text-emerald-800',
  declined: 'bg-slate-100 text-slate-800',
};
const REASON_MAX = 2048;

/** A Japan calendar day (YYYY-MM-DD) as the console writes dates. */
const day = (date: string) => `${date}T00:00:00+09:00`;

/** What a decision's refusal says: not ready (naming the checks it misses), already decided, gone, or try again. */
function useRefusalText() {
  const t = useTranslations('console.campaigns');
  const checks = useTranslations('dashboard.checks');
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      const unmet = error.fields?.release ?? [];
      return unmet.length > 0
        ? t('notReady', { checks: unmet.map((check) => checks(check as 'title')).join(t('listSeparator')) })
        : t('alreadyDecided');
    }
    if (error instanceof ApiError && error.status === 404) return t('gone');
    return t('failed');
  };
}

function DeclineForm({
  campaign,
  onDone,
  onCancel,
}: {
  campaign: ConsoleCampaign;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('console.campaigns');
  const refusal = useRefusalText();
  const locale = useLocale() as Locale;
  const { associate } = useConsoleCaller();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setError(fieldErrorMessage('required', t('reason'), locale));
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await consoleApi.declineCampaign(associate.uid, campaign.id, { reason });
      onDone(t('declinedDone', { title: campaign.title }));
    } catch (caught) {
      const rule = caught instanceof ApiError ? caught.fields?.reason?.[0] : undefined;
      if (rule && isFieldRuleKey(rule)) {
        setError(fieldErrorMessage(rule, t('reason'), locale));
        field.current?.focus();
      } else setFailure(refusal(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-2 flex flex-col gap-2" data-testid="decline-form">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('reason')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('reasonHint')}
      </p>
      <textarea
        ref={field}
        id={id}
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, error)}
        className={inputClasses(Boolean(error))}
        autoFocus
        data-testid="decline-reason"
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700" data-testid="decline-error">
          {error}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-xs text-red-700">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm', variant: 'primary' })} data-testid="decline-submit">
          {t('declineSubmit')}
        </button>
        <button type="button" onClick={onCancel} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function Decision({ campaign, onDone }: { campaign: ConsoleCampaign; onDone: (message: string) => void }) {
  const t = useTranslations('console.campaigns');
  const refusal = useRefusalText();
  const { associate } = useConsoleCaller();
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function approve() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await consoleApi.approveCampaign(associate.uid, campaign.id);
      onDone(t('approvedDone', { title: campaign.title }));
    } catch (caught) {
      setFailure(refusal(caught));
    } finally {
      setBusy(false);
    }
  }
  if (declining) return <DeclineForm campaign={campaign} onDone={onDone} onCancel={() => setDeclining(false)} />;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => void approve()}
          className={buttonClasses({ size: 'sm' })}
          aria-label={t('approveLabel', { title: campaign.title })}
          data-testid="approve-campaign"
        >
          {t('approve')}
        </button>
        <button
          type="button"
          onClick={() => setDeclining(true)}
          className={buttonClasses({ size: 'sm', variant: 'secondary' })}
          aria-label={t('declineLabel', { title: campaign.title })}
          data-testid="decline-campaign"
        >
          {t('decline')}
        </button>
      </div>
      {failure ? (
        <p role="alert" className="text-xs text-red-700" data-testid="decision-failed">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

export function CampaignApprovals() {
  const t = useTranslations('console');
  const types = useTranslations('campaign.types');
  const locale = useLocale();
  const caller = useConsoleCaller();
  const uid = caller.associate.uid;
  const filters = filtersOf(new URLSearchParams(useSearchParams().toString()), FILTERS, consoleCampaignsQuery);
  const key = JSON.stringify([uid, locale, filters]);
  const [list, reload] = useConsoleLoad(() => consoleApi.campaigns(uid, { ...filters, lang: locale, page_size: PAGE_SIZE }), key);
  const [announcement, setAnnouncement] = useState('');
  const format = useGiftFormat();
  const others = Object.fromEntries(Object.entries(filters).filter(([name]) => name !== 'page' && name !== 'approval'));
  const counts = list.state === 'loaded' ? list.value.counts : null;
  const tabs = [
    { state: undefined, label: t('campaigns.all'), count: counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null },
    ...LISTED_APPROVAL_STATUSES.map((state) => ({ state, label: t(`campaigns.states.${state}`), count: counts?.[state] ?? null })),
  ];
  const decided = (message: string) => {
    setAnnouncement(message);
    reload();
  };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('campaigns.title')}</h1>
      <p className="text-muted">{t('campaigns.lead')}</p>
      <StateTabs label={t('campaigns.byState')} tabs={tabs} current={filters.approval} others={others} testId="approval-state" />
      <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="approval-announcement">
        {announcement}
      </p>
      <ListFrame
        load={list}
        reload={reload}
        name="campaigns"
        countText={(value) => t('campaigns.count', { count: value.count })}
        emptyText={t('campaigns.empty')}
        filters={filters}
        pageSize={PAGE_SIZE}
      >
        {(value) => (
          <ListTable columns={COLUMNS.map((column) => t(`campaigns.columns.${column}`))} minWidth="min-w-[64rem]" testId="campaigns-table">
            {value.results.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 align-top" data-testid="campaign-row" data-approval={row.approval}>
                <td className="px-3 py-2">
                  {/* A draft's preview is for those who run the associate's campaigns; a public one is on its page. */}
                  {row.status !== 'draft' || caller.permissions.manage ? (
                    <Link
                      href={row.status === 'draft' ? `/campaign/${row.id}/dashboard/campaign/preview` : `/campaign/${row.id}`}
                      className="font-semibold text-brand-700 underline underline-offset-2"
                      data-testid="campaign-link"
                    >
                      {row.title || t('campaigns.untitled')}
                    </Link>
                  ) : (
                    <span className="font-semibold">{row.title || t('campaigns.untitled')}</span>
                  )}
                  <span className="block text-xs text-muted">
                    {types(campaignTypeKey(row.type))}
                    {row.parent ? ` · ${t('campaigns.forParent', { title: row.parent.title })}` : ''}
                  </span>
                </td>
                <td className="px-3 py-2">{row.fundraiser || t('campaigns.unnamed')}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {format.date(day(row.start_on))}
                  {row.end_on ? ` – ${format.date(day(row.end_on))}` : ''}
                </td>
                <td className="whitespace-nowrap px-3 py-2">{format.yen(row.goal_amount)}</td>
                <td className="whitespace-nowrap px-3 py-2">{row.requested_at ? format.dateTime(row.requested_at) : ''}</td>
                <td className="px-3 py-2">
                  <StatusPill status={row.approval} tone={APPROVAL_TONE[row.approval]}>
                    {t(`campaigns.states.${row.approval}`)}
                  </StatusPill>
                  {row.decided_at ? (
                    <span className="mt-1 block whitespace-nowrap text-xs text-muted">{format.dateTime(row.decided_at)}</span>
                  ) : null}
                  {row.reason ? (
                    <span className="mt-1 block text-xs" data-testid="decline-reason-shown">
                      {t('campaigns.reasonShown', { reason: row.reason })}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  {row.approval === 'requested' && caller.permissions.manage ? <Decision campaign={row} onDone={decided} /> : null}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListFrame>
    </div>
  );
}
