'use client';
// The page editor's lists (ADR 070): businesses, the people on the public member page, the preset
// amounts of the donate page, the membership plans' names and the social challenges the
// organisation works on. Items are added, changed, moved and removed here and saved with the page's
// texts in one save; each item's texts are in ja and en side by side, with the same "one language
// not updated" warning as the page's (domain listLanguageWarnings, compared with the item as saved).
// Every control is a native button, input or checkbox, so the whole list is used by keyboard.
import type { api } from '@kifu/domain';
import {
  ASSOCIATE_LIST_LIMITS as LL,
  LIST_BILINGUAL_FIELDS,
  listLanguageWarnings,
  presetAmountLimits,
  type PageList,
} from '@kifu/domain/associate-page';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { FREQUENCIES, type Frequency, type Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { TextControl } from './text-control';

type Drafted<T> = Omit<T, 'id'> & { id?: number; key: string };
type PriceDraft = Drafted<Omit<api.PriceEdit, 'amount'>> & { amount: string };
export interface ListDrafts {
  businesses: Drafted<api.BusinessEdit>[];
  members: Drafted<api.MemberEdit>[];
  prices: PriceDraft[];
  membership_plans: Drafted<api.PlanEdit>[];
  social_challenge_ids: number[];
}
type ListEdit = Pick<api.AssociatePageEditBody, keyof ListDrafts>;
type Texts = Record<string, string>;

/** An item's texts of `list`, ja and en, from whatever carries them. */
function textsOf(list: PageList, item: Texts): Texts {
  return Object.fromEntries(
    LIST_BILINGUAL_FIELDS[list].flatMap((field) => [
      [field, item[field] ?? ''] as const,
      [`${field}_en`, item[`${field}_en`] ?? ''] as const,
    ]),
  );
}

export function draftsOf(page: api.EditableAssociatePage): ListDrafts {
  const drafted = <T extends { id: number }>(list: PageList, items: T[]) =>
    items.map((item) => ({ id: item.id, key: `saved-${item.id}`, ...textsOf(list, item as unknown as Texts) }));
  return {
    businesses: drafted('businesses', page.businesses) as ListDrafts['businesses'],
    members: drafted('members', page.members) as ListDrafts['members'],
    prices: page.prices.map((price) => ({
      ...(drafted('prices', [price])[0] as unknown as Omit<PriceDraft, 'frequency' | 'amount'>),
      frequency: price.frequency,
      amount: String(price.amount),
    })),
    membership_plans: drafted('membership_plans', page.membership_plans) as ListDrafts['membership_plans'],
    social_challenge_ids: page.social_challenge_ids,
  };
}

/** The lists as the API takes them: no keys, amounts as numbers (one that is not a number is sent as null and refused by name). */
function editOf(drafts: ListDrafts): ListEdit {
  const strip = <T extends { key: string }>({ key: _key, ...item }: T) => item;
  return {
    businesses: drafts.businesses.map(strip),
    members: drafts.members.map(strip),
    prices: drafts.prices.map((price) => ({
      ...strip(price),
      amount: /^\s*\d+\s*$/.test(price.amount) ? Number(price.amount) : (null as unknown as number),
    })),
    membership_plans: drafts.membership_plans.map(strip) as api.PlanEdit[],
    social_challenge_ids: [...drafts.social_challenge_ids].sort((a, b) => a - b),
  };
}

/** Only the lists that differ from what is saved: each is sent whole. */
export function changedLists(saved: ListDrafts, drafts: ListDrafts): ListEdit {
  const before = editOf(saved);
  const after = editOf(drafts);
  return Object.fromEntries(
    (Object.keys(after) as (keyof ListEdit)[])
      .filter((list) => JSON.stringify(after[list]) !== JSON.stringify(before[list]))
      .map((list) => [list, after[list]]),
  ) as ListEdit;
}

/** The warnings of the lists as they stand, against the lists as saved. */
export function listWarnings(saved: ListDrafts, drafts: ListDrafts) {
  return (Object.keys(LIST_BILINGUAL_FIELDS) as PageList[]).flatMap((list) =>
    listLanguageWarnings(list, saved[list] as unknown as Texts[], drafts[list] as unknown as Texts[]),
  );
}

const TEXT_LIMITS: Record<PageList, (field: string) => number> = {
  businesses: (field) => (field === 'name' ? LL.businessNameMax : LL.businessTextMax),
  members: (field) => (field === 'name' ? LL.memberNameMax : field === 'role' ? LL.memberRoleMax : LL.memberCommentMax),
  prices: () => LL.priceDescriptionMax,
  membership_plans: () => LL.planNameMax,
};
const LIST_MAX: Record<PageList, number> = {
  businesses: LL.businessesMax,
  members: LL.membersMax,
  prices: LL.pricesMax,
  membership_plans: LL.plansMax,
};
const MULTILINE = new Set(['purpose', 'activity', 'result', 'cost', 'detail', 'comment']);
let nextKey = 0;

interface ListsProps {
  drafts: ListDrafts;
  setDrafts: Dispatch<SetStateAction<ListDrafts>>;
  saved: ListDrafts;
  readOnly: boolean;
  errors: Partial<Record<string, string[]>>;
  locale: Locale;
  page: api.EditableAssociatePage;
}

export function PageLists(props: ListsProps) {
  const t = useTranslations('console.page.lists');
  const { drafts, setDrafts, readOnly, errors, locale, page } = props;
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId]);
  const chosen = new Set(drafts.social_challenge_ids);
  const challengeError = errors.social_challenge_ids?.[0];
  return (
    <>
      <ItemList list="businesses" {...props} onFocus={setFocusId} />
      <ItemList list="members" {...props} onFocus={setFocusId} />
      <ItemList list="prices" {...props} onFocus={setFocusId} />
      {page.membership_plans.length > 0 ? <ItemList list="membership_plans" {...props} onFocus={setFocusId} /> : null}
      <section
        aria-labelledby="page-section-social_challenge_ids"
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="page-section-social_challenge_ids" className="text-lg font-bold">
          {t('social_challenge_ids.title')}
        </h2>
        <fieldset aria-describedby="page-social_challenge_ids-hint" aria-invalid={challengeError ? true : undefined}>
          <legend className="sr-only">{t('social_challenge_ids.title')}</legend>
          <p id="page-social_challenge_ids-hint" className="mb-3 text-sm text-muted">
            {challengeError && isFieldRuleKey(challengeError)
              ? fieldErrorMessage(challengeError, t('social_challenge_ids.title'), locale, { max: LL.socialChallengesMax })
              : t('social_challenge_ids.hint', { max: LL.socialChallengesMax })}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {page.social_challenge_choices.map((choice) => (
              <label key={choice.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.has(choice.id)}
                  disabled={readOnly || (!chosen.has(choice.id) && chosen.size >= LL.socialChallengesMax)}
                  onChange={(event) =>
                    setDrafts((current) => ({
                      ...current,
                      social_challenge_ids: event.target.checked
                        ? [...current.social_challenge_ids, choice.id]
                        : current.social_challenge_ids.filter((id) => id !== choice.id),
                    }))
                  }
                />
                <span>{locale === 'en' && choice.name_en ? choice.name_en : choice.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>
    </>
  );
}

function ItemList({
  list,
  drafts,
  setDrafts,
  saved,
  readOnly,
  errors,
  locale,
  onFocus,
}: ListsProps & { list: PageList; onFocus: (id: string) => void }) {
  const t = useTranslations('console.page.lists');
  const items = drafts[list] as unknown as (Texts & { key: string; id?: number; frequency?: Frequency })[];
  const warnings = listLanguageWarnings(list, saved[list] as unknown as Texts[], items);
  const fieldLabel = (field: string) => t(`fields.${list}.${field}` as 'fields.businesses.name');
  const update = (index: number, change: Record<string, string>) =>
    setDrafts((current) => ({ ...current, [list]: current[list].map((item, at) => (at === index ? { ...item, ...change } : item)) }));
  const move = (index: number, by: -1 | 1) => {
    setDrafts((current) => {
      const next = [...current[list]] as unknown as typeof items;
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return { ...current, [list]: next };
    });
    // The same button at the item's new place, or the other one once the item reaches an end (a disabled button takes no focus).
    const to = index + by;
    const atEnd = by < 0 ? to === 0 : to === items.length - 1;
    onFocus(`page-${list}-${to}-${by < 0 !== atEnd ? 'up' : 'down'}`);
  };
  const remove = (index: number) => {
    setDrafts((current) => ({ ...current, [list]: current[list].filter((_, at) => at !== index) }));
    onFocus(items.length > 1 ? `page-${list}-${Math.max(0, index - 1)}-legend` : `page-${list}-add`);
  };
  const add = () => {
    const blank = textsOf(list, {});
    const item = list === 'prices' ? { ...blank, frequency: 'monthly', amount: '' } : blank;
    setDrafts((current) => ({ ...current, [list]: [...current[list], { key: `new-${(nextKey += 1)}`, ...item }] }));
    onFocus(`page-${list}-${items.length}-${list === 'prices' ? 'frequency' : 'name'}`);
  };
  const errorOf = (path: string, label: string, params: { min?: string | number; max?: string | number } = {}) => {
    const rule = errors[path]?.[0];
    if (!rule) return '';
    return isFieldRuleKey(rule) ? fieldErrorMessage(rule, label, locale, params) : t('invalidField', { field: label });
  };
  const listError = errors[list]?.[0];

  return (
    <section
      aria-labelledby={`page-section-${list}`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`page-section-${list}`} className="text-lg font-bold">
        {t(`${list}.title`)}
      </h2>
      <p className="text-sm text-muted">{t(`${list}.hint`, { max: LIST_MAX[list] })}</p>
      {listError ? (
        <p className="text-sm text-red-700" role="alert">
          {isFieldRuleKey(listError) ? fieldErrorMessage(listError, t(`${list}.title`), locale, { max: LIST_MAX[list] }) : ''}
        </p>
      ) : null}
      {items.length === 0 ? <p className="text-sm">{t(`${list}.empty`)}</p> : null}
      <ol className="flex flex-col gap-4">
        {items.map((item, index) => {
          const number = t('itemNumber', { n: index + 1 });
          const title = `${t(`${list}.item`)} ${number}`;
          const itemLabel = (field: string) => t('fieldOfItem', { field: fieldLabel(field), item: title });
          let extra: ReactNode = null;
          if (list === 'prices') {
            const frequency = item.frequency ?? 'monthly';
            const limits = presetAmountLimits(frequency);
            const amountId = `page-${list}-${index}-amount`;
            extra = (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="flex flex-col gap-1">
                  <label htmlFor={`page-${list}-${index}-frequency`} className="text-sm font-semibold">
                    {fieldLabel('frequency')}
                  </label>
                  <select
                    id={`page-${list}-${index}-frequency`}
                    value={frequency}
                    disabled={readOnly}
                    className={inputClasses(false)}
                    onChange={(event) => update(index, { frequency: event.target.value })}
                  >
                    {FREQUENCIES.map((option) => (
                      <option key={option} value={option}>
                        {t(`frequency.${option}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <TextControl
                  id={amountId}
                  label={fieldLabel('amount')}
                  type="number"
                  value={item.amount ?? ''}
                  onChange={(value) => update(index, { amount: value })}
                  readOnly={readOnly}
                  error={errorOf(`${list}.${index}.amount`, itemLabel('amount'), {
                    min: formatYenAmount(limits.min, locale),
                    max: formatYenAmount(limits.max, locale),
                  })}
                />
              </div>
            );
          }
          return (
            <li key={item.key} className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid={`page-${list}-item`}>
              <fieldset className="flex flex-col gap-3">
                <legend id={`page-${list}-${index}-legend`} tabIndex={-1} className="font-semibold focus:outline-none">
                  {item.name ? t('itemNamed', { item: title, name: item.name }) : title}
                </legend>
                {extra}
                {LIST_BILINGUAL_FIELDS[list].map((field) => {
                  const warning = warnings.find((candidate) => candidate.index === index && candidate.field === field);
                  const warningId = `page-${list}-${index}-${field}-warning`;
                  const control = (lang: 'ja' | 'en') => {
                    const key = lang === 'ja' ? field : `${field}_en`;
                    const label = t(lang === 'ja' ? 'jaLabel' : 'enLabel', { field: fieldLabel(field) });
                    return (
                      <TextControl
                        id={`page-${list}-${index}-${key}`}
                        label={label}
                        value={item[key] ?? ''}
                        onChange={(value) => update(index, { [key]: value })}
                        readOnly={readOnly}
                        max={TEXT_LIMITS[list](field)}
                        rows={MULTILINE.has(field) ? 3 : undefined}
                        lang={lang}
                        error={errorOf(`${list}.${index}.${key}`, t('fieldOfItem', { field: label, item: title }), {
                          max: TEXT_LIMITS[list](field),
                        })}
                        warningId={warning?.missing === lang ? warningId : undefined}
                      />
                    );
                  };
                  return (
                    <div key={field} className="flex flex-col gap-2">
                      <div className="grid gap-3 sm:grid-cols-2">
                        {control('ja')}
                        {control('en')}
                      </div>
                      {warning ? (
                        <p
                          id={warningId}
                          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
                          data-testid={`page-${list}-${index}-${field}-warning`}
                        >
                          {t(`warning.${warning.missing}`)}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
                {errors[`${list}.${index}.id`] ? <p className="text-sm text-red-700">{t('staleItem')}</p> : null}
                {readOnly ? null : (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      id={`page-${list}-${index}-up`}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      {t('moveUp', { item: title })}
                    </button>
                    <button
                      type="button"
                      id={`page-${list}-${index}-down`}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      {t('moveDown', { item: title })}
                    </button>
                    <button type="button" className={buttonClasses({ variant: 'ghost', size: 'sm' })} onClick={() => remove(index)}>
                      {t(list === 'membership_plans' ? 'retire' : 'remove', { item: title })}
                    </button>
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {readOnly || list === 'membership_plans' ? null : (
        <div>
          <button
            type="button"
            id={`page-${list}-add`}
            className={buttonClasses({ variant: 'secondary' })}
            disabled={items.length >= LIST_MAX[list]}
            onClick={add}
          >
            {t(`${list}.add`)}
          </button>
        </div>
      )}
    </section>
  );
}
