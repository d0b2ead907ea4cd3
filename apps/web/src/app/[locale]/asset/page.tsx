// /asset (spec §2, ADR 019): brand assets. The logo files really exist under
// public/assets/brand/ and download as they are; colours and usage guidelines follow. Previews and
// swatches use fixed colours so they show the real asset in either colour mode.
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { BRAND_ASSETS_TEXT, BRAND_COLOURS, BRAND_LOGOS } from '@/features/static-pages/brand-assets-content';
import { contentPageMetadata } from '@/features/static-pages/content-metadata';
import { ContentSection } from '@/features/static-pages/content-section';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export const generateMetadata = contentPageMetadata('pages.asset', '/asset');

const GUIDELINE_TONE = {
  do: { box: 'border-emerald-200 bg-emerald-50', heading: 'text-emerald-800' },
  dont: { box: 'border-red-200 bg-red-50', heading: 'text-red-800' },
} as const;

function GuidelineList({ tone, heading, items }: { tone: keyof typeof GUIDELINE_TONE; heading: string; items: readonly string[] }) {
  return (
    <div className={`rounded-2xl border p-5 ${GUIDELINE_TONE[tone].box}`}>
      <h3 className={`font-bold ${GUIDELINE_TONE[tone].heading}`}>{heading}</h3>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 leading-relaxed">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

export default async function AssetPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.asset' });
  const text = BRAND_ASSETS_TEXT[locale];
  return (
    <PageContainer width="md" className="pb-8">
      <PageHeading title={t('title')} lead={t('body')} />

      <ContentSection id="logos" heading={text.logosHeading}>
        <p className="leading-relaxed text-muted">{text.logosLead}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {BRAND_LOGOS.map((logo) => (
            <li
              key={logo.id}
              data-testid={`brand-logo-${logo.id}`}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200"
            >
              <div className={`flex h-40 items-center justify-center p-6 ${logo.onDark ? 'bg-[#1F2330]' : 'bg-[#FFFFFF]'}`}>
                <img src={logo.preview} alt={text.logos[logo.id].name} className="max-h-20 w-auto max-w-full" />
              </div>
              <div className="flex flex-1 flex-col gap-3 p-5">
                <h3 className="font-bold">{text.logos[logo.id].name}</h3>
                <p className="text-sm leading-relaxed text-muted">{text.logos[logo.id].description}</p>
                <p className="mt-auto flex flex-wrap gap-2" aria-label={`${text.download}: ${text.logos[logo.id].name}`}>
                  {logo.files.map((file) => (
                    <a
                      key={file.href}
                      href={file.href}
                      download
                      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:border-brand-500 hover:text-brand-700"
                    >
                      <svg
                        width="14"
                        height="14"
                        viewBox="0 0 24 24"
                        aria-hidden="true"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
                      </svg>
                      {file.format}
                      {file.size ? <span className="font-normal text-muted">{file.size}</span> : null}
                    </a>
                  ))}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="colours" heading={text.coloursHeading} className="mt-12">
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {BRAND_COLOURS.map((colour) => (
            <li key={colour.id} className="overflow-hidden rounded-2xl border border-slate-200">
              <div className="h-20" style={{ backgroundColor: colour.hex }} />
              <div className="p-4 text-sm">
                <p className="font-bold">{text.colours[colour.id].name}</p>
                <p className="mt-1 font-mono">{colour.hex}</p>
                <p className="font-mono text-muted">RGB {colour.rgb}</p>
                <p className="mt-2 text-muted">{text.colours[colour.id].use}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="guidelines" heading={text.guidelinesHeading} className="mt-12">
        <div className="space-y-2 leading-relaxed">
          <p>{text.clearSpace}</p>
          <p>{text.minimumSize}</p>
        </div>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <GuidelineList tone="do" heading={text.doHeading} items={text.doItems} />
          <GuidelineList tone="dont" heading={text.dontHeading} items={text.dontItems} />
        </div>
        <p className="mt-6 leading-relaxed text-muted">{text.contact}</p>
      </ContentSection>
    </PageContainer>
  );
}
