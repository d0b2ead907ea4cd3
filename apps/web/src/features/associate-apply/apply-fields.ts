// The joining form's fields as flat paths ('address.postalCode', 'bank_account.account_number'),
// the body the API takes built from them, and the field errors the domain's schema or the API
// report, keyed by the same paths, so an error is said at its field and listed at the top (ADR 078).
import type { api, AssociateApplicationInput } from '@kifu/domain';
import { associateApplicationInput, needsCertification } from '@kifu/domain/associate-application';
import { toFieldError, type FieldRuleKey, type FieldRuleParams, isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';

export const TEXT_FIELDS = [
  'name',
  'name_kana',
  'name_en',
  'corporate_number',
  'address.postalCode',
  'address.state',
  'address.city',
  'address.street',
  'address.building',
  'representative',
  'representative_kana',
  'certification.number',
  'certification.authority',
  'certification.certified_on',
  'certification.expires_on',
  'requested_uid',
  'bank_account.bank_code',
  'bank_account.bank_name',
  'bank_account.branch_code',
  'bank_account.branch_name',
  'bank_account.account_number',
  'bank_account.account_holder',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type FieldPath =
  TextField | 'organisation_type' | 'bank_account.account_type' | 'certification' | 'document_ids' | 'social_challenges';

export interface FormValues {
  text: Record<TextField, string>;
  organisation_type: string;
  account_type: string;
  documents: api.ApplicationDocument[];
  social_challenges: string[];
}

export const emptyValues = (): FormValues => ({
  text: Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>,
  organisation_type: '',
  account_type: 'ordinary',
  documents: [],
  social_challenges: [],
});

/** The form filled from an application staff sent back for changes. */
export function valuesOf(application: api.AssociateApplicationView): FormValues {
  const values = emptyValues();
  const set = (field: TextField, value: string | undefined) => (values.text[field] = value ?? '');
  for (const field of [
    'name',
    'name_kana',
    'name_en',
    'corporate_number',
    'representative',
    'representative_kana',
    'requested_uid',
  ] as const)
    set(field, application[field]);
  for (const [key, value] of Object.entries(application.address)) set(`address.${key}` as TextField, value);
  for (const [key, value] of Object.entries(application.certification ?? {})) set(`certification.${key}` as TextField, value);
  for (const [key, value] of Object.entries(application.bank_account))
    if (key !== 'account_type') set(`bank_account.${key}` as TextField, value);
  values.organisation_type = String(application.organisation_type);
  values.account_type = application.bank_account.account_type;
  values.documents = application.documents;
  values.social_challenges = application.social_challenges.map((challenge) => challenge.slug);
  return values;
}

export function bodyOf(values: FormValues): AssociateApplicationInput {
  const v = values.text;
  const type = Number(values.organisation_type || 0);
  return {
    name: v.name,
    name_kana: v.name_kana,
    name_en: v.name_en,
    organisation_type: type,
    corporate_number: v.corporate_number,
    address: {
      postalCode: v['address.postalCode'],
      state: v['address.state'],
      city: v['address.city'],
      street: v['address.street'],
      building: v['address.building'],
    },
    representative: v.representative,
    representative_kana: v.representative_kana,
    certification: needsCertification(type)
      ? {
          number: v['certification.number'],
          authority: v['certification.authority'],
          certified_on: v['certification.certified_on'],
          expires_on: v['certification.expires_on'],
        }
      : null,
    requested_uid: v.requested_uid,
    bank_account: {
      bank_code: v['bank_account.bank_code'],
      bank_name: v['bank_account.bank_name'],
      branch_code: v['bank_account.branch_code'],
      branch_name: v['bank_account.branch_name'],
      account_type: values.account_type as AssociateApplicationInput['bank_account']['account_type'],
      account_number: v['bank_account.account_number'],
      account_holder: v['bank_account.account_holder'],
    },
    document_ids: values.documents.map((document) => document.id),
    social_challenges: values.social_challenges,
  };
}

export interface FieldProblem {
  rule: FieldRuleKey;
  params: FieldRuleParams;
}

/** The first problem of each field the domain's schema finds, in the form's order. */
export function checkValues(values: FormValues): Partial<Record<FieldPath, FieldProblem>> {
  const parsed = associateApplicationInput.safeParse(bodyOf(values));
  if (parsed.success) return {};
  const problems: Partial<Record<FieldPath, FieldProblem>> = {};
  for (const issue of parsed.error.issues) {
    const { path, rule, params } = toFieldError(issue);
    const key = fieldOf(path.join('.'));
    if (key && !problems[key]) problems[key] = { rule, params };
  }
  return problems;
}

/** The form's field a reported path belongs to ('document_ids.0' is the documents). */
export function fieldOf(path: string): FieldPath | undefined {
  if ((TEXT_FIELDS as readonly string[]).includes(path)) return path as TextField;
  if (path === 'bank_account.account_type' || path === 'organisation_type') return path;
  const head = path.split('.')[0];
  if (head === 'document_ids' || head === 'social_challenges' || head === 'certification') return head;
  return undefined;
}

/** The API's field errors as the form's problems. */
export function problemsOf(fields: Record<string, string[]>): Partial<Record<FieldPath, FieldProblem>> {
  const problems: Partial<Record<FieldPath, FieldProblem>> = {};
  for (const [path, rules] of Object.entries(fields)) {
    const key = fieldOf(path);
    const rule = rules[0];
    if (key && rule && !problems[key]) problems[key] = { rule: isFieldRuleKey(rule) ? rule : 'value', params: {} };
  }
  return problems;
}

/** The id of a field's control, for its label and the links of the error summary. */
export const controlId = (field: FieldPath) => `apply-${field.replace(/\./g, '-')}`;
