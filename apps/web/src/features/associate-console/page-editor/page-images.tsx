'use client';
// The page editor's images (ADR 070): the logo and main visual of the public page and the issuer's
// seal (角印) printed on the receipts. Each is uploaded as soon as it is chosen (the API reads the
// type from the bytes, 5 MB at most, and stores a WebP), and the outcome is read out beside it; the
// seal can be taken off again. Viewers see the images without the controls (ADR 060).
import type { api } from '@kifu/domain';
import type { AssociatePageImageKind } from '@kifu/domain/associate-page';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiError } from '@/lib/api-client';
import { pageEditorApi, sealSrc } from './page-editor-api';

const KINDS = ['logo', 'main_visual', 'seal'] as const satisfies readonly AssociatePageImageKind[];
const SHAPES: Record<AssociatePageImageKind, string> = {
  logo: 'size-24 object-contain',
  main_visual: 'aspect-[40/21] w-full max-w-sm object-cover',
  seal: 'size-24 object-contain',
};

export function PageImages({
  page,
  readOnly,
  locale,
  onChanged,
}: {
  page: api.EditableAssociatePage;
  readOnly: boolean;
  locale: Locale;
  onChanged: (page: api.EditableAssociatePage) => void;
}) {
  const t = useTranslations('console.page.images');
  const [busy, setBusy] = useState<AssociatePageImageKind | null>(null);
  const [status, setStatus] = useState<Partial<Record<AssociatePageImageKind, { text: string; failed: boolean }>>>({});

  async function change(kind: AssociatePageImageKind, call: () => Promise<api.EditableAssociatePage>, done: string) {
    setBusy(kind);
    setStatus((current) => ({ ...current, [kind]: { text: t('uploading'), failed: false } }));
    try {
      onChanged(await call());
      setStatus((current) => ({ ...current, [kind]: { text: done, failed: false } }));
    } catch (error) {
      const rule = error instanceof ApiError ? error.fields?.file?.[0] : undefined;
      const text =
        rule && isFieldRuleKey(rule)
          ? fieldErrorMessage(rule, t(`${kind}.label`), locale, { max: '5 MB' })
          : t(error instanceof ApiError && error.status === 403 ? 'readOnly' : 'failed');
      setStatus((current) => ({ ...current, [kind]: { text, failed: true } }));
    } finally {
      setBusy(null);
    }
  }

  const src = (kind: AssociatePageImageKind) =>
    kind === 'logo' ? page.logo_url : kind === 'main_visual' ? page.main_visual_url : page.seal_url ? sealSrc(page.seal_url) : null;

  return (
    <section aria-labelledby="page-section-images" className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="page-section-images" className="text-lg font-bold">
        {t('title')}
      </h2>
      <p className="text-sm text-muted">{t('hint')}</p>
      <div className="grid gap-6 sm:grid-cols-3">
        {KINDS.map((kind) => {
          const image = src(kind);
          const id = `page-image-${kind}`;
          const outcome = status[kind];
          return (
            <div key={kind} className="flex min-w-0 flex-col gap-2" data-testid={id}>
              <h3 className="font-semibold">{t(`${kind}.label`)}</h3>
              <p className="text-sm text-muted">{t(`${kind}.hint`)}</p>
              {image ? (
                <img
                  src={image}
                  alt={t(`${kind}.current`)}
                  width={160}
                  height={kind === 'main_visual' ? 84 : 160}
                  className={`rounded-xl bg-slate-100 ${SHAPES[kind]}`}
                />
              ) : (
                <p className="text-sm" data-testid={`${id}-none`}>
                  {t(`${kind}.none`)}
                </p>
              )}
              {readOnly ? null : (
                <div className="flex max-w-full min-w-0 flex-col gap-1">
                  {/* A file input is as wide as its button and file name: kept to the box's width (reflow, ADR 058). */}
                  <label htmlFor={`${id}-file`} className="text-sm font-semibold">
                    {t(`${kind}.choose`)}
                  </label>
                  <input
                    id={`${id}-file`}
                    type="file"
                    className="max-w-full text-sm"
                    accept="image/jpeg,image/png,image/webp,image/gif"
                    disabled={busy !== null}
                    aria-describedby={outcome ? `${id}-status` : undefined}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) void change(kind, () => pageEditorApi.upload(page.uid, kind, file), t(`${kind}.uploaded`));
                    }}
                  />
                </div>
              )}
              {kind === 'seal' && page.seal_url && !readOnly ? (
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  disabled={busy !== null}
                  data-testid="page-seal-remove"
                  onClick={() => void change('seal', () => pageEditorApi.removeSeal(page.uid), t('seal.removed'))}
                >
                  {t('seal.remove')}
                </button>
              ) : null}
              <p id={`${id}-status`} role="status" className={outcome?.failed ? 'text-sm text-red-700' : 'text-sm text-muted'}>
                {outcome?.text ?? ''}
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
}
