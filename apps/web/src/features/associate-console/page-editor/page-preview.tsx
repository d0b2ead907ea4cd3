'use client';
// The preview of the organisation's public page with the editor's unsaved texts (ADR 067): the
// parts the editor changes, drawn as /associate/{uid} draws them (features/associate: header,
// "about", the vision's core, the organisation facts) — one feature does not import another (ADR
// 027), so the markup is kept here, and the links are plain text: a preview goes nowhere. In either
// language, English falling back to Japanese where none is written, as the public page does.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode, type Ref } from 'react';
import { cx } from '@/components/ui/cx';
import { Paragraphs } from '@/components/ui/paragraphs';

type Lang = 'ja' | 'en';
type Texts = api.AssociatePageTexts;
type Bilingual = 'name' | 'catch_copy' | 'description' | 'vision_core' | 'representative' | 'address';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xl font-bold">{title}</h3>
      {children}
    </section>
  );
}

export function PagePreview({
  page,
  values,
  headingId,
  headingRef,
}: {
  page: api.EditableAssociatePage;
  values: Texts;
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
  ];
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
