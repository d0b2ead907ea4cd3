'use client';
// The dashboard's sub-pages (ADR 036): the overview, the settings (type, goal, dates), the texts
// and main visual, the story, the parts (usage, rewards, author, stretch goal), the reward review,
// the preview, reports and messages. Each saves through the API and shows what it answered.
import { CAMPAIGN_LIMITS } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { inLanguage } from '@kifu/domain/localised-text';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { campaignTypeKey } from '@/lib/campaign-type-name';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { digits, ImagePicker, Panel, SaveBar, TextField, useAutosave, useSave, type SectionProps } from './dashboard-form';
import type { DashboardSection } from './dashboard-paths';
import { AuthorSection, RewardsSection, ReviewSection, StretchSection, UsagesSection } from './item-sections';
import { PromotionCodesPanel } from './promotion-codes';
import { MessagesSection, ReportsSection } from './report-sections';
import { StoryEditor } from './story-editor';

export function DashboardSectionView({
  section,
  path,
  preview,
  ...props
}: SectionProps & { section: DashboardSection; path: string[]; preview: ReactNode }) {
  switch (section) {
    case 'campaign/setting':
      return <SettingsSection {...props} />;
    case 'campaign/content':
      return <ContentSection {...props} />;
    case 'campaign/body':
      return <StoryEditor {...props} />;
    case 'campaign/usage':
      return <UsagesSection {...props} />;
    case 'campaign/reward':
      return <RewardsSection {...props} />;
    case 'campaign/custom-author':
      return <AuthorSection {...props} />;
    case 'campaign/stretch-goal':
      return <StretchSection {...props} />;
    case 'campaign/check':
      return <ReviewSection {...props} />;
    case 'campaign/preview':
      return <PreviewSection {...props} preview={preview} />;
    case 'report':
      return <ReportsSection {...props} path={path} />;
    case 'message':
      return <MessagesSection {...props} />;
    default:
      return <OverviewSection {...props} />;
  }
}

function OverviewSection({ campaign }: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const yen = useTranslations();
  const figures: [string, string, string][] = [
    ['raised', t('overview.raised'), yen('format.yen', { amount: campaign.raised_amount })],
    ['goal', t('overview.goal'), yen('format.yen', { amount: campaign.goal_amount })],
    ['supporters', t('overview.supporters'), String(campaign.supporter_count)],
    ['days', t('overview.daysLeft'), campaign.days_left === null ? '—' : String(campaign.days_left)],
  ];
  return (
    <Panel title={t('sections.campaign')} testId="dashboard-overview">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map(([key, label, value]) => (
          <div key={key} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-bold" data-testid={`overview-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {campaign.parent ? (
        <p data-testid="overview-parent">
          {t('overview.parent', { title: inLanguage(campaign.parent.title, campaign.parent.title_en, locale) })}
        </p>
      ) : null}
    </Panel>
  );
}

function SettingsSection(props: SectionProps) {
  return (
    <>
      <SettingsForm {...props} />
      <PromotionCodesPanel {...props} />
    </>
  );
}

function SettingsForm({ campaign, onUpdated, calls }: SectionProps) {
  const t = useTranslations('dashboard');
  const types = useTranslations('campaign.types');
  const locale = useLocale() as Locale;
  const [type, setType] = useState(String(campaign.type));
  const [goal, setGoal] = useState(String(campaign.goal_amount));
  const [startOn, setStartOn] = useState(campaign.start_on);
  const [endOn, setEndOn] = useState(campaign.end_on ?? '');
  const labels = { goal_amount: t('setting.goal'), start_on: t('setting.start'), end_on: t('setting.end'), type: t('setting.type') };
  const { busy, status, errors, save } = useSave<void>(async () => {
    onUpdated(
      await calls.edit(campaign.id, {
        ...(campaign.status === 'draft' ? { type: Number(type) } : {}),
        goal_amount: digits(goal),
        start_on: startOn,
        end_on: endOn === '' ? null : endOn,
        lang: locale,
      }),
    );
  }, labels);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  return (
    <Panel title={t('sections.campaign_setting')} testId="dashboard-setting">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor="setting-type" className="font-semibold">
            {labels.type}
          </label>
          <select
            id="setting-type"
            value={type}
            disabled={campaign.status !== 'draft'}
            onChange={(event) => setType(event.target.value)}
            className={inputClasses(Boolean(errors.type))}
            aria-describedby={describedBy('setting-type', false, errors.type)}
            data-testid="setting-type"
          >
            {campaign.allowed_types.map((value) => (
              <option key={value} value={value}>
                {types(campaignTypeKey(value))}
              </option>
            ))}
          </select>
        </div>
        <TextField id="setting-goal" label={labels.goal_amount} value={goal} onChange={setGoal} error={errors.goal_amount} type="number" />
        <TextField id="setting-start" label={labels.start_on} value={startOn} onChange={setStartOn} error={errors.start_on} type="date" />
        <TextField
          id="setting-end"
          label={labels.end_on}
          value={endOn}
          onChange={setEndOn}
          error={errors.end_on}
          type="date"
          hint={t('setting.endHint')}
        />
        <SaveBar label={t('save')} busy={busy} status={status} testId="setting-save" />
      </form>
    </Panel>
  );
}

function ContentSection({ campaign, onUpdated, calls }: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const [title, setTitle] = useState(campaign.title);
  const [titleEn, setTitleEn] = useState(campaign.title_en ?? '');
  const [summary, setSummary] = useState(campaign.summary);
  const [summaryEn, setSummaryEn] = useState(campaign.summary_en ?? '');
  const labels = {
    title: t('content.title'),
    title_en: t('content.titleEn'),
    summary: t('content.summary'),
    summary_en: t('content.summaryEn'),
    file: t('content.mainVisual'),
  };
  const texts = useSave<void>(async () => {
    onUpdated(await calls.edit(campaign.id, { title, title_en: titleEn || null, summary, summary_en: summaryEn || null, lang: locale }));
  }, labels);
  const { saveNow } = useAutosave([title, titleEn, summary, summaryEn], () => texts.save(), {
    enabled: campaign.status === 'draft',
    busy: texts.busy,
  });
  const visual = useSave<File>(async (file) => onUpdated(await calls.mainVisual(campaign.id, file)), labels);
  return (
    <>
      <Panel title={t('sections.campaign_content')} testId="dashboard-content">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void saveNow();
          }}
          className="flex flex-col gap-4"
          noValidate
        >
          <TextField
            id="content-title"
            label={labels.title}
            value={title}
            onChange={setTitle}
            error={texts.errors.title}
            maxLength={CAMPAIGN_LIMITS.titleMax}
          />
          <TextField
            id="content-title-en"
            label={labels.title_en}
            value={titleEn}
            onChange={setTitleEn}
            error={texts.errors.title_en}
            maxLength={CAMPAIGN_LIMITS.titleMax}
          />
          <TextField
            id="content-summary"
            label={labels.summary}
            value={summary}
            onChange={setSummary}
            error={texts.errors.summary}
            multiline
            maxLength={CAMPAIGN_LIMITS.summaryMax}
          />
          <TextField
            id="content-summary-en"
            label={labels.summary_en}
            value={summaryEn}
            onChange={setSummaryEn}
            error={texts.errors.summary_en}
            multiline
            maxLength={CAMPAIGN_LIMITS.summaryMax}
          />
          <SaveBar label={t('save')} busy={texts.busy} status={texts.status} testId="content-save" />
        </form>
      </Panel>
      <Panel title={labels.file} testId="dashboard-main-visual">
        <img
          src={campaign.main_visual_url}
          alt=""
          width={400}
          height={210}
          className="aspect-[40/21] w-full max-w-md rounded-xl bg-slate-100 object-cover"
        />
        <ImagePicker id="main-visual-file" label={t('content.chooseImage')} onPick={(file) => void visual.save(file)} busy={visual.busy} />
        <p role="status" className="text-sm text-muted" data-testid="main-visual-status">
          {visual.errors.file ?? visual.status}
        </p>
      </Panel>
    </>
  );
}

/** The campaign's public page as it will be once released (`preview`, handed over by the page), read afresh after each change. */
function PreviewSection({ campaign, preview }: SectionProps & { preview: ReactNode }) {
  const t = useTranslations('dashboard');
  return (
    <section className="flex flex-col gap-4" data-testid="dashboard-preview" aria-labelledby="preview-heading">
      <p className="rounded-xl bg-amber-50 p-3 font-semibold" id="preview-heading">
        {t('preview.banner')}
      </p>
      <div key={campaign.updated_at} className="rounded-2xl border border-slate-200 px-4 pb-8">
        {preview}
      </div>
    </section>
  );
}
