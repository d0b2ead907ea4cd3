'use client';
// The preview of the organisation's public page with the editor's unsaved texts (ADR 067): the
// parts the editor changes, drawn as /associate/{uid} draws them (features/associate: header,
// "about", the vision's core, the organisation facts) — one feature does not import another (ADR
// 027), so the markup is kept here, and the links are plain text: a preview goes nowhere. In either
// language, English falling back to Japanese where none is written, as the public page does. The
// lists (businesses, members, preset amounts, plans, social challenges), the profile and the
// certification's facts too (ADR 070).
import type { api } from '@kifu/domain';
import { formatYenAmount } from '@kifu/domain/money';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode, type Ref } from 'react';
import { cx } from '@/components/ui/cx';
import { Paragraphs } from '@/components/ui/paragraphs';
import type { ListDrafts } from './page-lists';

type Lang = 'ja' | 'en';
type Texts = api.AssociatePageTexts;
type Bilingual = 'name' | 'catch_copy' | 'description' | 'profile' | 'vision_core' | 'representative' | 'address';
/** An item's text in the preview's language, English falling back to Japanese. */
const inLang = (item: Record<string, unknown>, field: string, lang: Lang) => {
  const en = lang === 'en' ? String(item[`${field}_en`] ?? '').trim() : '';
  return en || String(item[field] ?? '').trim();
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xl font-bold">{title}</h3>
      {children}
    </section>
  );
}

/** A list of the page drawn as cards (a title and a line), or nothing when the list is empty. */
function Cards({ title, testId, cards }: { title: string; testId: string; cards: { key: string; title: string; text: string }[] }) {
  if (cards.length === 0) return null;
  return (
    <Section title={title}>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid={testId}>
        {cards.map((card) => (
          <li key={card.key} className="rounded-2xl border border-slate-200 p-4">
            <p className="font-bold">{card.title}</p>
            <p className="mt-1 text-sm text-muted">{card.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function PagePreview({
  page,
  values,
  lists,
  headingId,
  headingRef,
}: {
  page: api.EditableAssociatePage;
  values: Texts;
  lists: ListDrafts;
  headingId: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useTranslations('console.page');
  const [lang, setLang] = useState<Lang>('ja');
  const text = (field: Bilingual) => (lang === 'en' && values[`${field}_en`].trim() !== '' ? values[`${field}_en`] : values[field]).trim();
  const facts: [string, string][] = [
    [t('preview.representative'), text('representative')],
    [t('preview.address'), text('address')],
    [t('preview.website'), values.website_url.trim()],
    [t('preview.certifiedOn'), values.certified_on],
    [t('preview.expiresOn'), values.certification_expires_on],
  ];
  const challenges = page.social_challenge_choices.filter((choice) => lists.social_challenge_ids.includes(choice.id));
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border-2 border-dashed border-brand-200 p-4 sm:p-6"
      data-testid="page-preview"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
          {t('preview.title')}
        </h2>
        <div role="group" aria-label={t('preview.language')} className="ml-auto flex gap-1">
          {(['ja', 'en'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={lang === option}
              onClick={() => setLang(option)}
              className={cx(
                'rounded-full px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500',
                lang === option ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-ink',
              )}
            >
              {t(option)}
            </button>
          ))}
        </div>
      </div>
      <p className="text-sm text-muted">{t('preview.lead')}</p>
      <div lang={lang} className="flex flex-col gap-10 rounded-2xl bg-white">
        <div>
          <img
            src={page.main_visual_url}
            alt=""
            width={1200}
            height={630}
            className="aspect-[4/1] w-full rounded-2xl bg-slate-100 object-cover"
          />
          <div className="flex items-start gap-4 px-2 sm:px-4">
            <img
              src={page.logo_url}
              alt=""
              width={96}
              height={96}
              className="relative -mt-8 size-16 shrink-0 rounded-2xl border-4 border-white bg-white object-contain shadow-sm"
            />
            <p className="min-w-0 flex-1 pt-3 text-2xl font-bold leading-snug tracking-tight" data-testid="preview-name">
              {text('name')}
            </p>
          </div>
          {text('catch_copy') ? (
            <p className="mt-4 text-lg font-semibold leading-relaxed text-brand-700" data-testid="preview-catch-copy">
              {text('catch_copy')}
            </p>
          ) : null}
        </div>
        {text('description') ? (
          <Section title={t('preview.about')}>
            <Paragraphs text={text('description')} />
          </Section>
        ) : null}
        {text('profile') ? (
          <Section title={t('preview.profile')}>
            <Paragraphs text={text('profile')} />
          </Section>
        ) : null}
        {challenges.length > 0 ? (
          <Section title={t('preview.challenges')}>
            <ul className="flex flex-wrap gap-2" data-testid="preview-challenges">
              {challenges.map((choice) => (
                <li key={choice.id} className="rounded-full bg-brand-50 px-3 py-1 text-sm">
                  {inLang(choice, 'name', lang)}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        <Cards
          title={t('preview.businesses')}
          testId="preview-businesses"
          cards={lists.businesses.map((business) => ({
            key: business.key,
            title: inLang(business, 'name', lang),
            text: inLang(business, 'purpose', lang),
          }))}
        />
        <Cards
          title={t('preview.members')}
          testId="preview-members"
          cards={lists.members.map((member) => ({
            key: member.key,
            title: inLang(member, 'name', lang),
            text: inLang(member, 'role', lang),
          }))}
        />
        <Cards
          title={t('preview.prices')}
          testId="preview-prices"
          cards={lists.prices.map((price) => ({
            key: price.key,
            title: `${t(`lists.frequency.${price.frequency}`)} ${/^\d+$/.test(price.amount.trim()) ? formatYenAmount(Number(price.amount), lang) : price.amount}`,
            text: inLang(price, 'description', lang),
          }))}
        />
        {lists.membership_plans.length > 0 ? (
          <Section title={t('preview.membership')}>
            <ul className="list-disc pl-5" data-testid="preview-plans">
              {lists.membership_plans.map((plan) => (
                <li key={plan.key}>{inLang(plan, 'name', lang)}</li>
              ))}
            </ul>
          </Section>
        ) : null}
        {text('vision_core') ? (
          <Section title={t('preview.vision')}>
            <p className="text-lg font-semibold leading-relaxed">{text('vision_core')}</p>
          </Section>
        ) : null}
        <Section title={t('preview.facts')}>
          <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {facts
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
                  <dt className="text-sm font-semibold text-muted">{label}</dt>
                  <dd className="min-w-0 break-all">{value}</dd>
                </div>
              ))}
          </dl>
        </Section>
      </div>
    </section>
  );
}
