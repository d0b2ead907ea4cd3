'use client';
// The joining form (ADR 078): one long form in sections — the organisation, its address (the postal
// code fills the prefecture and city), its representative, a certified NPO's certification, its
// public address, the payout account, documents and social challenges. The domain's schema checks
// it before it is sent (a corporate number with a wrong check digit is refused at its field); the
// API then asks the bank about the account and names the field the bank refused. Every error is
// said at its field and listed at the top with a link there, as the donation form does.
import type { api } from '@kifu/domain';
import { APPLICABLE_ORGANISATION_TYPES, APPLICATION_DOCUMENTS_MAX, needsCertification } from '@kifu/domain/associate-application';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { ORGANISATION_TYPES, type Locale, type OrganisationTypeId } from '@kifu/domain/enums';
import { PAYOUT_ACCOUNT_TYPES } from '@kifu/domain/payout-account';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { ApiError } from '@/lib/api-client';
import { fetchPostalAddress } from '@/lib/postal-lookup';
import { applyApi } from './apply-api';
import {
  bodyOf,
  checkValues,
  controlId,
  problemsOf,
  type FieldPath,
  type FieldProblem,
  type FormValues,
  type TextField,
} from './apply-fields';

type Problems = Partial<Record<FieldPath, FieldProblem>>;
const HINTED = ['corporate_number', 'requested_uid', 'bank_account.account_holder', 'name_kana', 'document_ids'] as const;
type HintedField = (typeof HINTED)[number];
const isHinted = (field: FieldPath): field is HintedField => (HINTED as readonly string[]).includes(field);
type Labelled = Exclude<FieldPath, 'certification'>;
type Section = 'organisation' | 'address' | 'representative' | 'certification' | 'page' | 'bank' | 'documents' | 'challenges';

export function ApplyForm({
  initial,
  resubmitId,
  onSent,
}: {
  initial: FormValues;
  resubmitId?: number;
  onSent: (application: api.AssociateApplicationView) => void;
}) {
  const t = useTranslations('associateApply');
  const locale = useLocale() as Locale;
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [challenges, setChallenges] = useState<{ slug: string; name: string }[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  const type = Number(values.organisation_type || 0);

  useEffect(() => {
    applyApi
      .challenges(locale)
      .then((answer) => setChallenges(answer.results))
      .catch(() => setChallenges([]));
  }, [locale]);

  const label = (field: Labelled) => t(`field.${field}`);
  const message = (field: FieldPath, problem: FieldProblem) =>
    field === 'document_ids' && problem.rule === 'required'
      ? t('documentsRequired')
      : field === 'social_challenges' && problem.rule === 'required'
        ? t('challengesRequired')
        : field === 'certification'
          ? t('certificationRequired')
          : fieldErrorMessage(problem.rule, label(field), locale, problem.params);
  const setText = (field: TextField, value: string) => setValues((current) => ({ ...current, text: { ...current.text, [field]: value } }));

  function showProblems(found: Problems, text: string) {
    setProblems(found);
    setNotice(text);
    // The summary takes the focus so a keyboard or screen reader user hears what to fix first.
    requestAnimationFrame(() => summary.current?.focus());
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkValues(values);
    if (Object.keys(found).length > 0) return showProblems(found, t('fix'));
    setSending(true);
    setProblems({});
    setNotice(null);
    try {
      onSent(await applyApi.submit(bodyOf(values), locale, resubmitId));
    } catch (error) {
      if (error instanceof ApiError && error.fields) showProblems(problemsOf(error.fields), t('fix'));
      else if (error instanceof ApiError && error.status === 503) showProblems({}, t('bankUnavailable'));
      else if (error instanceof ApiError && error.status === 409) showProblems({}, t('alreadyOpen'));
      else showProblems({}, t('failed'));
    } finally {
      setSending(false);
    }
  }

  async function lookUp() {
    const code = values.text['address.postalCode'];
    const address = await fetchPostalAddress(code.replace(/[^0-9０-９]/g, ''));
    if (!address) return setNotice(t('postalNotFound'));
    setValues((current) => ({
      ...current,
      text: { ...current.text, 'address.state': address.state, 'address.city': address.city },
    }));
    setNotice(t('postalFilled'));
  }

  async function addDocuments(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setUploading(true);
    try {
      for (const file of files.slice(0, APPLICATION_DOCUMENTS_MAX - values.documents.length)) {
        try {
          const document = await applyApi.upload(file);
          setValues((current) => ({ ...current, documents: [...current.documents, document] }));
        } catch (error) {
          const rule = error instanceof ApiError ? error.fields?.file?.[0] : undefined;
          setProblems((current) => ({
            ...current,
            document_ids: { rule: rule && isFieldRuleKey(rule) ? rule : 'value', params: {} },
          }));
          setNotice(rule === 'max' ? t('documentTooLarge', { name: file.name }) : t('documentRefused', { name: file.name }));
        }
      }
    } finally {
      setUploading(false);
    }
  }

  const error = (field: FieldPath) =>
    problems[field] ? (
      <p id={`${controlId(field)}-error`} className="text-sm text-red-700">
        {message(field, problems[field])}
      </p>
    ) : null;
  const hint = (field: FieldPath) =>
    isHinted(field) ? (
      <p id={`${controlId(field)}-hint`} className="text-sm text-muted">
        {t(`hint.${field}`)}
      </p>
    ) : null;
  const input = (field: TextField, extra: Record<string, string> = {}) => {
    const id = controlId(field);
    return (
      <div className="flex flex-col gap-1" key={field}>
        <label htmlFor={id} className="font-semibold">
          {label(field)}
          {field === 'name_en' || field === 'address.building' ? (
            <span className="ml-2 text-sm font-normal text-muted">{t('optional')}</span>
          ) : null}
        </label>
        {hint(field)}
        <input
          id={id}
          type="text"
          value={values.text[field]}
          onChange={(event) => setText(field, event.target.value)}
          className={inputClasses(problems[field] !== undefined)}
          aria-invalid={problems[field] !== undefined}
          aria-describedby={describedBy(id, isHinted(field), problems[field])}
          data-testid={id}
          {...extra}
        />
        {error(field)}
      </div>
    );
  };
  const section = (key: Section, children: ReactNode) => (
    <fieldset
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid={`apply-section-${key}`}
    >
      <legend className="px-1 text-lg font-bold">{t(`section.${key}`)}</legend>
      {children}
    </fieldset>
  );
  /** A link of the summary puts the focus in its field, not only the field in view. */
  function focusField(event: MouseEvent<HTMLAnchorElement>, field: FieldPath) {
    const control = document.getElementById(controlId(field));
    if (!control) return;
    event.preventDefault();
    control.focus();
    control.scrollIntoView({ block: 'center' });
  }
  const listed = Object.entries(problems) as [FieldPath, FieldProblem][];

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-6" data-testid="apply-form">
      <div ref={summary} tabIndex={-1} aria-live="polite" data-testid="apply-notice" className="outline-none">
        {notice ? (
          <div role={listed.length > 0 ? 'alert' : 'status'} className="rounded-xl bg-amber-50 p-4 text-ink">
            <p className="font-semibold">{notice}</p>
            {listed.length > 0 ? (
              <ul className="mt-2 list-disc pl-5" data-testid="apply-error-summary">
                {listed.map(([field, problem]) => (
                  <li key={field}>
                    <a href={`#${controlId(field)}`} className="text-red-800 underline" onClick={(event) => focusField(event, field)}>
                      {message(field, problem)}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      {section(
        'organisation',
        <>
          {input('name', { autoComplete: 'organization' })}
          {input('name_kana')}
          {input('name_en')}
          <div className="flex flex-col gap-1">
            <label htmlFor={controlId('organisation_type')} className="font-semibold">
              {label('organisation_type')}
            </label>
            <select
              id={controlId('organisation_type')}
              value={values.organisation_type}
              onChange={(event) => setValues((current) => ({ ...current, organisation_type: event.target.value }))}
              className={inputClasses(problems.organisation_type !== undefined)}
              aria-invalid={problems.organisation_type !== undefined}
              aria-describedby={describedBy(controlId('organisation_type'), false, problems.organisation_type)}
              data-testid={controlId('organisation_type')}
            >
              <option value="">{t('choose')}</option>
              {APPLICABLE_ORGANISATION_TYPES.map((id) => (
                <option key={id} value={id}>
                  {ORGANISATION_TYPES[id as OrganisationTypeId][locale]}
                </option>
              ))}
            </select>
            {error('organisation_type')}
          </div>
          {type !== 1 ? input('corporate_number', { inputMode: 'numeric', autoComplete: 'off' }) : null}
        </>,
      )}

      {section(
        'address',
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-40 flex-1">{input('address.postalCode', { inputMode: 'numeric', autoComplete: 'postal-code' })}</div>
            <button
              type="button"
              onClick={lookUp}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mb-1' })}
              data-testid="apply-postal-lookup"
            >
              {t('postalLookup')}
            </button>
          </div>
          {input('address.state', { autoComplete: 'address-level1' })}
          {input('address.city', { autoComplete: 'address-level2' })}
          {input('address.street', { autoComplete: 'address-line1' })}
          {input('address.building', { autoComplete: 'address-line2' })}
        </>,
      )}

      {section(
        'representative',
        <>
          {input('representative')}
          {input('representative_kana')}
        </>,
      )}

      {needsCertification(type)
        ? section(
            'certification',
            <>
              {error('certification')}
              {input('certification.number')}
              {input('certification.authority')}
              {input('certification.certified_on', { type: 'date' })}
              {input('certification.expires_on', { type: 'date' })}
            </>,
          )
        : null}

      {section('page', input('requested_uid', { autoComplete: 'off', spellCheck: 'false', autoCapitalize: 'none' }))}

      {section(
        'bank',
        <>
          <p className="text-sm text-muted">{t('bankLead')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {input('bank_account.bank_code', { inputMode: 'numeric', autoComplete: 'off' })}
            {input('bank_account.bank_name')}
            {input('bank_account.branch_code', { inputMode: 'numeric', autoComplete: 'off' })}
            {input('bank_account.branch_name')}
            <div className="flex flex-col gap-1">
              <label htmlFor={controlId('bank_account.account_type')} className="font-semibold">
                {label('bank_account.account_type')}
              </label>
              <select
                id={controlId('bank_account.account_type')}
                value={values.account_type}
                onChange={(event) => setValues((current) => ({ ...current, account_type: event.target.value }))}
                className={inputClasses(false)}
                data-testid={controlId('bank_account.account_type')}
              >
                {PAYOUT_ACCOUNT_TYPES.map((accountType) => (
                  <option key={accountType} value={accountType}>
                    {t(`accountType.${accountType}`)}
                  </option>
                ))}
              </select>
            </div>
            {input('bank_account.account_number', { inputMode: 'numeric', autoComplete: 'off' })}
          </div>
          {input('bank_account.account_holder')}
        </>,
      )}

      {section(
        'documents',
        <>
          <label htmlFor={controlId('document_ids')} className="font-semibold">
            {label('document_ids')}
          </label>
          {hint('document_ids')}
          <input
            id={controlId('document_ids')}
            type="file"
            multiple
            accept="application/pdf,image/jpeg,image/png,image/webp,image/gif"
            onChange={addDocuments}
            className="w-full max-w-full text-sm"
            disabled={uploading || values.documents.length >= APPLICATION_DOCUMENTS_MAX}
            aria-invalid={problems.document_ids !== undefined}
            aria-describedby={describedBy(controlId('document_ids'), true, problems.document_ids)}
            data-testid={controlId('document_ids')}
          />
          {uploading ? <p role="status">{t('uploading')}</p> : null}
          {error('document_ids')}
          {values.documents.length > 0 ? (
            <ul className="flex flex-col gap-2" data-testid="apply-documents">
              {values.documents.map((document) => (
                <li key={document.id} className="flex flex-wrap items-center gap-3">
                  <a href={applyApi.documentHref(document.id)} className="underline" target="_blank" rel="noreferrer">
                    {document.file_name}
                  </a>
                  <button
                    type="button"
                    className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                    onClick={() =>
                      setValues((current) => ({ ...current, documents: current.documents.filter((kept) => kept.id !== document.id) }))
                    }
                  >
                    {t('removeDocument', { name: document.file_name })}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>,
      )}

      {section(
        'challenges',
        <div
          role="group"
          id={controlId('social_challenges')}
          tabIndex={-1}
          aria-label={label('social_challenges')}
          aria-describedby={describedBy(controlId('social_challenges'), false, problems.social_challenges)}
          className="flex flex-col gap-2"
        >
          <p className="text-sm text-muted">{t('challengesLead')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {challenges.map((challenge) => (
              <label key={challenge.slug} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={values.social_challenges.includes(challenge.slug)}
                  onChange={(event) =>
                    setValues((current) => ({
                      ...current,
                      social_challenges: event.target.checked
                        ? [...current.social_challenges, challenge.slug]
                        : current.social_challenges.filter((slug) => slug !== challenge.slug),
                    }))
                  }
                  data-testid={`apply-challenge-${challenge.slug}`}
                />
                {challenge.name}
              </label>
            ))}
          </div>
          {error('social_challenges')}
        </div>,
      )}

      <button
        type="submit"
        disabled={sending || uploading}
        className={buttonClasses({ size: 'lg', className: 'self-start disabled:opacity-60' })}
        data-testid="apply-submit"
      >
        {sending ? t('sending') : resubmitId === undefined ? t('submit') : t('resubmit')}
      </button>
    </form>
  );
}
