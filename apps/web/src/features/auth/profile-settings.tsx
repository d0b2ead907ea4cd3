'use client';
// /mypage/profile (ADR 031, spec §3 "profile"): nickname, About me and the SNS ids, checked with
// the same rules as the route (packages/domain profileFields) and saved together. The header's name
// follows the nickname on the next page.
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { profileFields } from '@kifu/domain/schemas/fields';
import { toFieldError } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { notify } from '@/components/ui/toast';
import { AvatarField } from './avatar-field';

type ProfileField = keyof typeof profileFields;
const FIELDS: { name: ProfileField; label: 'nickname' | 'description' | 'snsIdTwitter' | 'snsIdFacebook'; multiline?: boolean }[] = [
  { name: 'nickname', label: 'nickname' },
  { name: 'description', label: 'description', multiline: true },
  { name: 'sns_id_twitter', label: 'snsIdTwitter' },
  { name: 'sns_id_facebook', label: 'snsIdFacebook' },
];
/** Which catalogue message a refused save shows (spec §8: nickname and About me have their own). */
const FAILURE: Partial<Record<ProfileField, keyof typeof ACCOUNT_ERRORS>> = { nickname: 'nicknameUpdate', description: 'aboutUpdate' };

export function ProfileSettings() {
  const t = useTranslations('auth.profile');
  const locale = useLocale() as Locale;
  const id = useId();
  const [values, setValues] = useState<Record<ProfileField, string> | null>(null);
  const [avatarUrl, setAvatarUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void fetch(`/backend/user/me/?lang=${locale}`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) return notify.error(ACCOUNT_ERRORS.fetchUser[locale]);
        const { profile, avatarImage } = (await response.json()) as {
          profile: { nickname: string; description: string; snsIdTwitter: string | null; snsIdFacebook: string | null } | null;
          avatarImage: { file: string | null } | null;
        };
        setAvatarUrl(avatarImage?.file ?? null);
        setValues({
          nickname: profile?.nickname ?? '',
          description: profile?.description ?? '',
          sns_id_twitter: profile?.snsIdTwitter ?? '',
          sns_id_facebook: profile?.snsIdFacebook ?? '',
        });
      })
      .catch(() => notify.error(ACCOUNT_ERRORS.network[locale]));
  }, [locale]);

  if (!values) return <p className="py-8 text-muted">{t('loading')}</p>;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = z.object(profileFields).safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<ProfileField, string>> = {};
      for (const issue of checked.error.issues) {
        const { path, rule, params } = toFieldError(issue);
        const field = path[0] as ProfileField;
        found[field] ??= fieldErrorMessage(rule, t(FIELDS.find((entry) => entry.name === field)!.label), locale, params);
      }
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    const response = await fetch('/backend/user/profile/update_me/', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checked.data),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) return void notify.success(t('saved'), { id: 'profile-saved' });
    if (!response) return void notify.error(ACCOUNT_ERRORS.network[locale]);
    const body = (await response.json().catch(() => ({}))) as { fields?: Record<string, string[]> };
    const refused = Object.keys(body.fields ?? {})[0] as ProfileField | undefined;
    notify.error(ACCOUNT_ERRORS[(refused && FAILURE[refused]) || 'profileUpdate'][locale]);
  }

  return (
    <form onSubmit={save} noValidate className="space-y-4" data-testid="profile-settings">
      <AvatarField initialUrl={avatarUrl} />
      {FIELDS.map(({ name, label, multiline }) => {
        const fieldId = `${id}-${name}`;
        const common = {
          id: fieldId,
          value: values[name],
          'aria-invalid': errors[name] ? true : undefined,
          'aria-describedby': describedBy(fieldId, false, errors[name]),
          className: inputClasses(Boolean(errors[name])),
          'data-testid': `profile-${name}`,
        };
        return (
          <div key={name}>
            <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold">
              {t(label)}
            </label>
            {multiline ? (
              <textarea {...common} rows={5} onChange={(event) => setValues({ ...values, [name]: event.target.value })} />
            ) : (
              <input {...common} type="text" onChange={(event) => setValues({ ...values, [name]: event.target.value })} />
            )}
            {errors[name] ? (
              <p id={`${fieldId}-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="field-error">
                {errors[name]}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="profile-submit">
        {t('submit')}
      </button>
    </form>
  );
}
