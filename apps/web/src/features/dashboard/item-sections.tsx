'use client';
// The dashboard's parts of a campaign (ADR 036): rewards and usages (added, removed, each with an
// image), the custom author, the stretch goal, and the reward review (ask for it, see its state).
// After each change the campaign is read again, so the release checklist follows.
import type { api } from '@kifu/domain';
import { CAMPAIGN_LIMITS, mayRequestRewardReview } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import {
  andReload,
  digits,
  FieldsForm,
  ImagePicker,
  Panel,
  SaveBar,
  TextField,
  useFormValues,
  useSave,
  type FieldSpec,
  type SectionProps,
} from './dashboard-form';

type Item = { id: number; title: string; amount: number; description: string; image_url: string };

/** The items of one kind, each with its image picker, an edit form opened in place, and removal. */
function ItemList<T extends Item>({
  items,
  kind,
  props,
  editor,
  details,
}: {
  items: T[];
  kind: 'reward' | 'usage';
  props: SectionProps;
  /** The item's edit form; `done` closes it. */
  editor: (item: T, done: () => void) => ReactNode;
  details?: (item: T) => ReactNode;
}) {
  const t = useTranslations('dashboard.items');
  const yen = useTranslations();
  const [editing, setEditing] = useState<number | null>(null);
  const base = itemBase(kind, props.campaign.id);
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
          {editing === item.id ? (
            <div className="min-w-0 flex-1">{editor(item, () => setEditing(null))}</div>
          ) : (
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-bold">{item.title}</p>
              <p className="text-sm">{yen('format.yen', { amount: item.amount })}</p>
              {details?.(item)}
              {item.description ? <p className="text-sm text-muted">{item.description}</p> : null}
              <ImagePicker
                id={`${kind}-${item.id}-image`}
                label={t('image')}
                busy={image.busy}
                onPick={(file) => void image.save({ id: item.id, file })}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  onClick={() => setEditing(item.id)}
                  aria-label={t('editItem', { title: item.title })}
                  data-testid={`${kind}-edit`}
                >
                  {t('edit')}
                </button>
                <button
                  type="button"
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  onClick={() => void remove.save(item.id)}
                  aria-label={t('removeItem', { title: item.title })}
                >
                  {t('remove')}
                </button>
              </div>
            </div>
          )}
        </li>
      ))}
      <li role="status" className="text-sm text-muted">
        {image.errors.file ?? (remove.status || image.status)}
      </li>
    </ul>
  );
}

/** Where a kind of item is added (POST) and, with its id, changed, removed or given an image. */
const itemBase = (kind: 'reward' | 'usage', campaignId: number) =>
  kind === 'reward' ? `/campaign/${campaignId}/rewards` : '/campaign/usage';

/** An item's fields, to add one (`itemId` undefined) or change one in place; `done` runs after a save. */
function ItemEditor<K extends string>({
  props,
  kind,
  itemId,
  initial,
  labels,
  fields,
  toBody,
  addLabel,
  done,
}: {
  props: SectionProps;
  kind: 'reward' | 'usage';
  itemId?: number;
  initial: Record<K, string>;
  /** Each API field's label, for its error message. */
  labels: Record<string, string>;
  fields: (errors: Record<string, string | undefined>) => FieldSpec<K>[];
  toBody: (values: Record<K, string>) => Record<string, unknown>;
  addLabel: string;
  done?: () => void;
}) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const form = useFormValues(initial);
  const base = itemBase(kind, props.campaign.id);
  const save = useSave<void>(async () => {
    const body = { ...toBody(form.values), lang: locale };
    await andReload(props, () =>
      itemId === undefined
        ? props.calls.send('POST', `${base}/`, kind === 'usage' ? { ...body, campaign: props.campaign.id } : body)
        : props.calls.send('PATCH', `${base}/${itemId}/`, body),
    );
    form.reset();
    done?.();
  }, labels);
  const id = itemId === undefined ? kind : `${kind}-${itemId}`;
  return (
    <FieldsForm
      idPrefix={id}
      {...form}
      onSubmit={() => void save.save()}
      save={{
        label: itemId === undefined ? addLabel : t('save'),
        busy: save.busy,
        status: save.status,
        testId: itemId === undefined ? `${kind}-add` : `${id}-save`,
      }}
      fields={fields(save.errors)}
    />
  );
}

type Reward = api.EditableCampaign['rewards'][number];

function RewardEditor({ props, reward, done }: { props: SectionProps; reward?: Reward; done?: () => void }) {
  const t = useTranslations('dashboard');
  const labels = {
    title: t('items.title'),
    amount: t('items.amount'),
    stock: t('items.stock'),
    shipping_month: t('items.month'),
    description: t('items.description'),
  };
  return (
    <ItemEditor
      props={props}
      kind="reward"
      itemId={reward?.id}
      done={done}
      labels={labels}
      addLabel={t('items.addReward')}
      initial={{
        title: reward?.title ?? '',
        amount: reward ? String(reward.amount) : '',
        stock: reward?.stock == null ? '' : String(reward.stock),
        month: reward?.shipping_month ?? '',
        description: reward?.description ?? '',
      }}
      toBody={(values) => ({
        title: values.title,
        description: values.description,
        amount: digits(values.amount),
        stock: values.stock.trim() === '' ? null : digits(values.stock),
        shipping_month: values.month === '' ? null : values.month,
      })}
      fields={(errors) => [
        { name: 'title', label: labels.title, error: errors.title, maxLength: CAMPAIGN_LIMITS.itemTitleMax },
        { name: 'amount', label: labels.amount, error: errors.amount, type: 'number' },
        { name: 'stock', label: labels.stock, error: errors.stock, type: 'number', hint: t('items.stockHint') },
        { name: 'month', label: labels.shipping_month, error: errors.shipping_month, type: 'month' },
        { name: 'description', label: labels.description, error: errors.description, multiline: true },
      ]}
    />
  );
}

export function RewardsSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  return (
    <Panel title={t('sections.campaign_reward')} testId="dashboard-rewards">
      <p className="text-sm text-muted">{t('items.rewardNote')}</p>
      <ItemList
        items={props.campaign.rewards}
        kind="reward"
        props={props}
        editor={(reward, done) => <RewardEditor props={props} reward={reward} done={done} />}
        details={(reward) => (
          <p className="text-sm text-muted" data-testid="reward-stock-line">
            {reward.stock === null ? t('items.noLimit') : t('items.stockOf', { count: reward.stock })}
            {reward.applied_count > 0 ? ` · ${t('items.chosen', { count: reward.applied_count })}` : ''}
          </p>
        )}
      />
      <RewardEditor props={props} />
    </Panel>
  );
}

type Usage = api.EditableCampaign['usages'][number];

function UsageEditor({ props, usage, done }: { props: SectionProps; usage?: Usage; done?: () => void }) {
  const t = useTranslations('dashboard');
  const labels = { title: t('items.title'), amount: t('items.amount'), description: t('items.description') };
  return (
    <ItemEditor
      props={props}
      kind="usage"
      itemId={usage?.id}
      done={done}
      labels={labels}
      addLabel={t('items.addUsage')}
      initial={{ title: usage?.title ?? '', amount: usage ? String(usage.amount) : '', description: usage?.description ?? '' }}
      toBody={(values) => ({ title: values.title, description: values.description, amount: digits(values.amount) })}
      fields={(errors) => [
        { name: 'title', label: labels.title, error: errors.title, maxLength: CAMPAIGN_LIMITS.itemTitleMax },
        { name: 'amount', label: labels.amount, error: errors.amount, type: 'number' },
        { name: 'description', label: labels.description, error: errors.description, multiline: true },
      ]}
    />
  );
}

export function UsagesSection(props: SectionProps) {
  const t = useTranslations('dashboard');
  return (
    <Panel title={t('sections.campaign_usage')} testId="dashboard-usages">
      <ItemList
        items={props.campaign.usages}
        kind="usage"
        props={props}
        editor={(usage, done) => <UsageEditor props={props} usage={usage} done={done} />}
      />
      <UsageEditor props={props} />
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
