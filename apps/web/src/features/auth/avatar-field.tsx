'use client';
// The profile image on /mypage/profile (ADR 031): shown, replaced by a JPEG, PNG, WebP or GIF up
// to 5 MB (checked here first; the API reads the real type from the bytes), or deleted.
import type { api } from '@kifu/domain';
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type ChangeEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MAX_BYTES = 5 * 1024 * 1024;

export function AvatarField({ initialUrl }: { initialUrl: string | null }) {
  const t = useTranslations('auth.profile');
  const locale = useLocale() as Locale;
  const id = useId();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError(t('avatarType'));
    if (file.size > MAX_BYTES) return setError(t('avatarSize'));
    setError(null);
    setBusy(true);
    const body = new FormData();
    body.append('file', file);
    const response = await fetch('/backend/user/me/avatar', { method: 'POST', credentials: 'same-origin', body }).catch(() => null);
    setBusy(false);
    if (!response?.ok) {
      // An image with more pixels than the API decodes (ADR 055) says so; anything else is generic.
      const fields = ((await response?.json().catch(() => ({}))) as Partial<api.ErrorBody> | undefined)?.fields;
      if (fields?.file?.includes('imagePixels')) return setError(fieldErrorMessage('imagePixels', t('avatar'), locale));
      return setError(ACCOUNT_ERRORS.avatarUpdate[locale]);
    }
    setUrl(((await response.json()) as { avatarImage: { file: string } }).avatarImage.file);
    notify.success(t('avatarSaved'), { id: 'avatar-saved' });
  }

  async function remove() {
    setBusy(true);
    const response = await fetch('/backend/user/me/avatar', { method: 'DELETE', credentials: 'same-origin' }).catch(() => null);
    setBusy(false);
    if (!response?.ok) return setError(ACCOUNT_ERRORS.avatarDelete[locale]);
    setUrl(null);
  }

  return (
    <div className="flex items-center gap-4" data-testid="avatar-field">
      <div className="size-20 shrink-0 overflow-hidden rounded-full bg-brand-100">
        {url ? (
          <img src={url} alt={t('avatar')} width={80} height={80} className="size-20 object-cover" data-testid="avatar-image" />
        ) : null}
      </div>
      <div className="space-y-2">
        <label htmlFor={`${id}-file`} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
          {t('avatarChoose')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          onChange={(event) => void choose(event)}
          disabled={busy}
          data-testid="avatar-input"
        />
        {url ? (
          <button
            type="button"
            onClick={() => void remove()}
            disabled={busy}
            className="ml-3 text-sm font-semibold text-red-700 underline"
            data-testid="avatar-delete"
          >
            {t('avatarDelete')}
          </button>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-semibold text-red-700" data-testid="avatar-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
