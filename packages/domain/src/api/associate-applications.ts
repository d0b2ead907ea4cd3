// Wire shapes of joining Kifu (ADR 078): the applicant's application as they and Kifu's staff read
// it, its documents, and the staff's list. The input and its rules are ../associate-application.ts.
import { z } from 'zod';
import { ASSOCIATE_APPLICATION_STATUSES } from '../associate-application';
import { PAYOUT_ACCOUNT_TYPES } from '../payout-account';
import { langQuery, rowIdParam } from './common';

export const applicationDocument = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.enum(['application/pdf', 'image/webp']),
  byte_size: z.number().int(),
  created_at: z.string(),
});
export type ApplicationDocument = z.infer<typeof applicationDocument>;

export const associateApplicationView = z.object({
  id: z.number().int(),
  status: z.enum(ASSOCIATE_APPLICATION_STATUSES),
  name: z.string(),
  name_kana: z.string(),
  name_en: z.string(),
  organisation_type: z.number().int(),
  organisation_type_label: z.string(),
  corporate_number: z.string(),
  address: z.object({
    postalCode: z.string(),
    state: z.string(),
    city: z.string(),
    street: z.string(),
    building: z.string(),
  }),
  representative: z.string(),
  representative_kana: z.string(),
  certification: z.object({ number: z.string(), authority: z.string(), certified_on: z.string(), expires_on: z.string() }).nullable(),
  requested_uid: z.string(),
  bank_account: z.object({
    bank_code: z.string(),
    bank_name: z.string(),
    branch_code: z.string(),
    branch_name: z.string(),
    account_type: z.enum(PAYOUT_ACCOUNT_TYPES),
    account_number: z.string(),
    account_holder: z.string(),
  }),
  documents: z.array(applicationDocument),
  social_challenges: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** Why staff declined it or what they asked to change; empty otherwise. */
  reason: z.string(),
  applicant: z.object({ id: z.number().int(), email: z.string() }),
  /** The associate's uid once approved (its console is /dashboard/{uid}). */
  associate_uid: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type AssociateApplicationView = z.infer<typeof associateApplicationView>;

/** GET /associate-applications/mine/: the user's latest application, or null before they apply. */
export const myAssociateApplication = z.object({ application: associateApplicationView.nullable() });
export type MyAssociateApplication = z.infer<typeof myAssociateApplication>;

export const associateApplicationParams = z.object({ id: rowIdParam });
export const applicationDocumentParams = z.object({ id: rowIdParam });

export const staffApplicationListQuery = langQuery.extend({
  status: z.enum(ASSOCIATE_APPLICATION_STATUSES).default('submitted'),
});
export const staffApplicationSummary = z.object({
  id: z.number().int(),
  status: z.enum(ASSOCIATE_APPLICATION_STATUSES),
  name: z.string(),
  organisation_type_label: z.string(),
  requested_uid: z.string(),
  applicant_email: z.string(),
  updated_at: z.string(),
});
export type StaffApplicationSummary = z.infer<typeof staffApplicationSummary>;
export const staffApplicationList = z.object({ results: z.array(staffApplicationSummary) });
export type StaffApplicationList = z.infer<typeof staffApplicationList>;

/** GET /staff/overview/: what waits for Kifu's staff, counted, for the /staff hub. */
export const staffOverview = z.object({
  applications_waiting: z.number().int(),
  reward_checks_waiting: z.number().int(),
});
export type StaffOverview = z.infer<typeof staffOverview>;
