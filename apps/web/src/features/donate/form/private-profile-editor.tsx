'use client';
// The private profile on /mypage/profile (ADR 031): the donation form's own profile block (names,
// kana, birthday, gender, the address filled by the postal lookup, phone) with the same rules
// (userProfileSchemaFor) and the same mapping to PUT /user/private_profile/update_me/ as the form's
// sign-up (donorOf → privateProfileOf), so a profile saved here prefills the next gift.
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import type { Locale } from '@kifu/domain/enums';
import { userProfileSchemaFor } from '@kifu/domain/schemas/user-profile';
import { useLocale } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast';
import { createApiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-state';
import { donorOf, privateProfileOf } from '../submit/build-request';
import { lookUpSupporter, prefilledValues } from '../supporter/signed-in-supporter';
import { domainResolver } from './domain-resolver';
import { defaultFormValues, type DonateFormValues } from './field-values';
import { ProfileBlock } from './profile-block';

/** No associate: phonetic names are optional here (spec §5 requires them only for listed associates). */
const NO_ASSOCIATE = 0;

export function PrivateProfileEditor({ labels }: { labels: { title: string; save: string; saved: string; loading: string } }) {
  const locale = useLocale() as Locale;
  const { dropSession } = useAuth();
  const client = useMemo(() => createApiClient('/backend'), []);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<DonateFormValues>({
    defaultValues: defaultFormValues(),
    resolver: domainResolver<DonateFormValues>(() => z.object({ profile: userProfileSchemaFor(NO_ASSOCIATE) })),
    mode: 'onTouched',
  });

  useEffect(() => {
    void lookUpSupporter(client, locale, dropSession).then((found) => {
      if (found.status !== 'signedIn') return notify.error(ACCOUNT_ERRORS.fetchUser[locale]);
      form.reset(prefilledValues({ ...defaultFormValues(), email: found.supporter.email }, found.supporter));
      setLoaded(true);
    });
  }, [client, locale, dropSession, form]);

  const save = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await client.request('PUT', '/user/private_profile/update_me/', { body: privateProfileOf(donorOf(values, NO_ASSOCIATE)) });
      notify.success(labels.saved, { id: 'private-profile-saved' });
    } catch {
      notify.error(ACCOUNT_ERRORS.profileUpdate[locale]);
    } finally {
      setBusy(false);
    }
  });

  if (!loaded) return <p className="py-4 text-muted">{labels.loading}</p>;
  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate className="space-y-4" data-testid="private-profile">
        <h2 className="text-lg font-bold">{labels.title}</h2>
        <ProfileBlock associateId={NO_ASSOCIATE} />
        <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="private-profile-submit">
          {labels.save}
        </button>
      </form>
    </FormProvider>
  );
}
