'use client';
// The dashboard's parts of a campaign (issue 15): rewards and usages (added, removed, each with an
// image), the custom author, the stretch goal, and the reward review (ask for it, see its state).
// After each change the campaign is read again, so the release checklist follows.
import type { api } from '@kifu/domain';
import { CAMPAIGN_LIMITS, mayRequestRewardReview } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImagePicker, Panel, SaveBar, TextField, useSave, type SectionProps } from './dashboard-form';

const digits = (text: string) => Number(text.replace(/[,，\s]/g, ''));

/** Runs a change, then answers the campaign as it now stands. */
const andReload = async (props: SectionProps, change: () => Promise<unknown>) => {
  await change();
  props.onUpdated(await props.calls.campaign(props.campaign.id));
};

type Item = { id: number; title: string; amount: number; description: string; image_url: string };

function ItemList({ items, kind, props }: { items: Item[]; kind: 'reward' | 'usage'; props: SectionProps }) {
  const t = useTranslations('dashboard.items');
  const yen = useTranslations();
  const base = kind === 'reward' ? `/campaign/${props.campaign.id}/rewards` : '/campaign/usage';
  const remove = useSave<number>((id) => andReload(props, () => props.calls.send('DELETE', `${base}/${id}/`)), {});
  const image = useSave<{ id: number; file: File }>(
    ({ id, file }) => andReload(props, () => props.calls.upload(`${base}/${id}/image/`, file)),
    { file: t('image') },
  );
  if (items.length === 0) return <p className="text-muted">{t('none')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap gap-4 rounded-xl border border-slate-200 p-3" data-testid={`${kind}-item`}>
          <img src={item.image_url} alt="" width={96} height={96} className="size-24 rounded-lg bg-slate-100 object-cover" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="font-bold">{item.title}</p>
            <p className="text-sm">{yen('format.yen', { amount: item.amount })}</p>
            {item.description ? <p className="text-sm text-muted">{item.description}</p> : null}
            <ImagePicker
              id={`${kind}-${item.id}-image`}
              label={t('image')}
              busy={image.busy}
              onPick={(file) => void image.save({ id: item.id, file })}
            />
            <button
              type="button"
              className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'self-start' })}
              onClick={() => void remove.save(item.id)}
            >
              {t('remove')}
            </button>
          </div>
        </li>
      ))}
      <li role="status" className="text-sm text-muted">
        {image.errors.file ?? (remove.status || image.status)}
      </li>
    </ul>
  );
}

export function RewardsSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const [form, setForm] = useState({ title: '', description: '', amount: '', stock: '', month: '' });
  const labels = {
    title: t('items.title'),
    amount: t('items.amount'),
    stock: t('items.stock'),
    shipping_month: t('items.month'),
    description: t('items.description'),
  };
  const add = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('POST', `/campaign/${props.campaign.id}/rewards/`, {
          title: form.title,
          description: form.description,
          amount: digits(form.amount),
          stock: form.stock.trim() === '' ? null : digits(form.stock),
          shipping_month: form.month === '' ? null : form.month,
          lang: locale,
        }),
      ).then(() => setForm({ title: '', description: '', amount: '', stock: '', month: '' })),
    labels,
  );
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  return (
    <Panel title={t('sections.campaign_reward')} testId="dashboard-rewards">
      <p className="text-sm text-muted">{t('items.rewardNote')}</p>
      <ItemList items={props.campaign.rewards} kind="reward" props={props} />
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void add.save())} className="flex flex-col gap-3" noValidate>
        <TextField
          id="reward-title"
          label={labels.title}
          value={form.title}
          onChange={set('title')}
          error={add.errors.title}
          maxLength={CAMPAIGN_LIMITS.itemTitleMax}
        />
        <TextField
          id="reward-amount"
          label={labels.amount}
          value={form.amount}
          onChange={set('amount')}
          error={add.errors.amount}
          type="number"
        />
        <TextField
          id="reward-stock"
          label={labels.stock}
          value={form.stock}
          onChange={set('stock')}
          error={add.errors.stock}
          type="number"
          hint={t('items.stockHint')}
        />
        <TextField
          id="reward-month"
          label={labels.shipping_month}
          value={form.month}
          onChange={set('month')}
          error={add.errors.shipping_month}
          type="month"
        />
        <TextField
          id="reward-description"
          label={labels.description}
          value={form.description}
          onChange={set('description')}
          error={add.errors.description}
          multiline
        />
        <SaveBar label={t('items.addReward')} busy={add.busy} status={add.status} testId="reward-add" />
      </form>
    </Panel>
  );
}

export function UsagesSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const [form, setForm] = useState({ title: '', description: '', amount: '' });
  const labels = { title: t('items.title'), amount: t('items.amount'), description: t('items.description') };
  const add = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('POST', '/campaign/usage/', {
          campaign: props.campaign.id,
          title: form.title,
          description: form.description,
          amount: digits(form.amount),
          lang: locale,
        }),
      ).then(() => setForm({ title: '', description: '', amount: '' })),
    labels,
  );
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  return (
    <Panel title={t('sections.campaign_usage')} testId="dashboard-usages">
      <ItemList items={props.campaign.usages} kind="usage" props={props} />
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void add.save())} className="flex flex-col gap-3" noValidate>
        <TextField id="usage-title" label={labels.title} value={form.title} onChange={set('title')} error={add.errors.title} />
        <TextField
          id="usage-amount"
          label={labels.amount}
          value={form.amount}
          onChange={set('amount')}
          error={add.errors.amount}
          type="number"
        />
        <TextField
          id="usage-description"
          label={labels.description}
          value={form.description}
          onChange={set('description')}
          error={add.errors.description}
          multiline
        />
        <SaveBar label={t('items.addUsage')} busy={add.busy} status={add.status} testId="usage-add" />
      </form>
    </Panel>
  );
}

export function AuthorSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const author = props.campaign.custom_author;
  const [name, setName] = useState(author?.name ?? '');
  const [description, setDescription] = useState(author?.description ?? '');
  const labels = { name: t('author.name'), description: t('items.description'), file: t('items.image') };
  const save = useSave<void>(
    () =>
      andReload(props, () => props.calls.send('PUT', `/campaign/${props.campaign.id}/custom-author/`, { name, description, lang: locale })),
    labels,
  );
  const image = useSave<File>(
    (file) => andReload(props, () => props.calls.upload(`/campaign/custom-author/${author!.id}/image/`, file)),
    labels,
  );
  return (
    <Panel title={t('sections.campaign_custom-author')} testId="dashboard-author">
      <p className="text-sm text-muted">{t('author.note')}</p>
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void save.save())} className="flex flex-col gap-3" noValidate>
        <TextField
          id="author-name"
          label={labels.name}
          value={name}
          onChange={setName}
          error={save.errors.name}
          maxLength={CAMPAIGN_LIMITS.authorNameMax}
        />
        <TextField
          id="author-description"
          label={labels.description}
          value={description}
          onChange={setDescription}
          error={save.errors.description}
          multiline
        />
        <SaveBar label={t('save')} busy={save.busy} status={save.status} testId="author-save" />
      </form>
      {author ? (
        <div className="flex items-center gap-4">
          <img src={author.image_url} alt="" width={64} height={64} className="size-16 rounded-full bg-slate-100 object-cover" />
          <ImagePicker id="author-image" label={labels.file} busy={image.busy} onPick={(file) => void image.save(file)} />
        </div>
      ) : null}
    </Panel>
  );
}

export function StretchSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const [target, setTarget] = useState(String(props.campaign.stretch_goal?.target_amount ?? ''));
  const [description, setDescription] = useState(props.campaign.stretch_goal?.description ?? '');
  const labels = { target_amount: t('stretch.target'), description: t('items.description') };
  const save = useSave<void>(
    () =>
      andReload(props, () =>
        props.calls.send('PUT', `/campaign/${props.campaign.id}/stretch-target/`, {
          target_amount: digits(target),
          description,
          lang: locale,
        }),
      ),
    labels,
  );
  return (
    <Panel title={t('sections.campaign_stretch-goal')} testId="dashboard-stretch">
      <p className="text-sm text-muted">{t('stretch.note')}</p>
      <form onSubmit={(event: FormEvent) => (event.preventDefault(), void save.save())} className="flex flex-col gap-3" noValidate>
        <TextField
          id="stretch-target"
          label={labels.target_amount}
          value={target}
          onChange={setTarget}
          error={save.errors.target_amount}
          type="number"
        />
        <TextField
          id="stretch-description"
          label={labels.description}
          value={description}
          onChange={setDescription}
          error={save.errors.description}
          multiline
        />
        <SaveBar label={t('save')} busy={save.busy} status={save.status} testId="stretch-save" />
      </form>
    </Panel>
  );
}

export function ReviewSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  const review: api.RewardReview = props.campaign.reward_review;
  const ask = useSave<void>(
    () => andReload(props, () => props.calls.send('POST', `/campaign/${props.campaign.id}/reward-review-request/`, {})),
    {},
  );
  return (
    <Panel title={t('sections.campaign_check')} testId="dashboard-review">
      <p data-testid="review-state" data-state={review.state}>
        {t(`review.${review.state}`)}
      </p>
      {review.comment ? (
        <p className="rounded-xl bg-amber-50 p-3 text-sm" data-testid="review-comment">
          {review.comment}
        </p>
      ) : null}
      <button
        type="button"
        disabled={ask.busy || !mayRequestRewardReview(review.state, props.campaign.rewards.length)}
        onClick={() => void ask.save()}
        className={buttonClasses({ className: 'self-start' })}
        data-testid="review-request"
      >
        {t('review.request')}
      </button>
      <p role="status" className="text-sm text-muted">
        {ask.status}
      </p>
    </Panel>
  );
}
