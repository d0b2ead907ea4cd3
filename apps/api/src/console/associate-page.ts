// The organisation's public page, edited from its console (ADR 067): its name, catch copy,
// description, profile and vision, representative, address and website, its thank-you mail and the
// receipt issuer's details, in ja and en. One transaction with the associate's row locked, so two
// editors cannot interleave half of each other's texts; the answer lists the fields this edit left
// behind in one language (domain associate-page.ts), a warning and never a refusal. The public page
// shows the change at once: a console write forgets the API's kept public reads (ADR 040,
// public-read-cache.ts), and the same transaction queues the web's page refresh (ADR 020/045).
// The lists (businesses, members, preset amounts, plan names, social challenges) are saved in the
// same transaction (associate-page-lists.ts), the images on their own calls (associate-page-images.ts;
// ADR 070).
import type { api } from '@kifu/domain';
import { expiresBeforeCertified, pageLanguageWarnings } from '@kifu/domain/associate-page';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, associateVisions, donationThanksMails } from '../db/schema/index';
import { AppError, type FieldErrors } from '../lib/app-error';
import type { MediaUrl } from '../media/media-url';
import { enqueuePublicPagesRefresh } from '../public-pages/refresh-public-pages';
import { sealFileName } from './associate-page-images';
import { listProblems, listsView, pageListsOf, saveLists } from './associate-page-lists';

type AssociateRow = typeof associates.$inferSelect;
type VisionRow = typeof associateVisions.$inferSelect;
type ThanksRow = typeof donationThanksMails.$inferSelect;

function textsOf(row: AssociateRow, vision: VisionRow | undefined, thanks: ThanksRow | undefined): api.AssociatePageTexts {
  return {
    name: row.name,
    name_en: row.nameEn ?? '',
    catch_copy: row.catchCopy,
    catch_copy_en: row.catchCopyEn ?? '',
    description: row.description,
    description_en: row.descriptionEn ?? '',
    profile: row.profile,
    profile_en: row.profileEn ?? '',
    vision_core: vision?.core ?? '',
    vision_core_en: vision?.coreEn ?? '',
    vision_detail: vision?.detail ?? '',
    vision_detail_en: vision?.detailEn ?? '',
    representative: row.representative,
    representative_en: row.representativeEn ?? '',
    address: row.address,
    address_en: row.addressEn ?? '',
    website_url: row.websiteUrl ?? '',
    thanks_subject: thanks?.subject ?? '',
    thanks_subject_en: thanks?.subjectEn ?? '',
    thanks_body: thanks?.body ?? '',
    thanks_body_en: thanks?.bodyEn ?? '',
    certification_number: row.certificationNumber ?? '',
    certification_authority: row.certificationAuthority ?? '',
    certification_authority_en: row.certificationAuthorityEn ?? '',
    certified_on: row.certifiedOn ?? '',
    certification_expires_on: row.certificationExpiresOn ?? '',
  };
}

async function pageRows(db: Database, associateId: number, lock: boolean) {
  const query = db.select().from(associates).where(eq(associates.id, associateId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', `associate ${associateId} not found`);
  const [[vision], [thanks], lists] = await Promise.all([
    db.select().from(associateVisions).where(eq(associateVisions.associateId, associateId)),
    db.select().from(donationThanksMails).where(eq(donationThanksMails.associateId, associateId)),
    pageListsOf(db, associateId),
  ]);
  return { row, vision, thanks, lists };
}

/** The seal's address under the API, for the associate's members only (associate-page-routes.ts). */
export const sealPathOf = (uid: string, sealPath: string | null) => {
  const file = sealFileName(sealPath);
  return file ? `/associate/${encodeURIComponent(uid)}/console/page/seal/${file}` : null;
};

function view(rows: Awaited<ReturnType<typeof pageRows>>, mediaUrl: MediaUrl): api.EditableAssociatePage {
  const { row, vision, thanks, lists } = rows;
  const stamps = [row, vision, thanks, ...lists.businesses, ...lists.members, ...lists.prices, ...lists.plans].flatMap((part) =>
    part ? [part.updatedAt.getTime()] : [],
  );
  return {
    uid: row.uid,
    logo_url: mediaUrl(row.logoPath),
    main_visual_url: mediaUrl(row.mainVisualPath),
    seal_url: sealPathOf(row.uid, row.sealPath),
    ...textsOf(row, vision, thanks),
    ...listsView(lists, mediaUrl),
    updated_at: new Date(Math.max(...stamps)).toISOString(),
  };
}

export async function associatePageOf(db: Database, associateId: number, mediaUrl: MediaUrl): Promise<api.EditableAssociatePage> {
  return view(await pageRows(db, associateId, false), mediaUrl);
}

const orNull = (value: string) => (value === '' ? null : value);

/**
 * The thank-you mail is the organisation's own only as a whole: a subject without a body (or the
 * reverse) would send half of Kifu's wording, and English alone has no Japanese to fall back to.
 * All four empty gives the mail back to Kifu's wording.
 */
function thanksProblems(texts: api.AssociatePageTexts): FieldErrors {
  const { thanks_subject: subject, thanks_body: body, thanks_subject_en: subjectEn, thanks_body_en: bodyEn } = texts;
  if ([subject, body, subjectEn, bodyEn].every((value) => value === '')) return {};
  const problems: FieldErrors = {};
  if (subject === '') problems.thanks_subject = ['required'];
  if (body === '') problems.thanks_body = ['required'];
  if (subjectEn !== '' && bodyEn === '') problems.thanks_body_en = ['required'];
  if (bodyEn !== '' && subjectEn === '') problems.thanks_subject_en = ['required'];
  return problems;
}

/** The certification's expiry belongs to a certification: it needs the certified date and may not come before it. */
function certificationProblems(texts: api.AssociatePageTexts): FieldErrors {
  if (texts.certification_expires_on === '') return {};
  if (texts.certified_on === '') return { certified_on: ['required'] };
  return expiresBeforeCertified(texts.certified_on, texts.certification_expires_on) ? { certification_expires_on: ['endBeforeStart'] } : {};
}

export async function editAssociatePage(
  db: Database,
  associateId: number,
  edit: api.AssociatePageEditBody,
  mediaUrl: MediaUrl,
): Promise<api.SavedAssociatePage> {
  return db.transaction(async (tx) => {
    const rows = await pageRows(tx, associateId, true);
    const { businesses, members, prices, membership_plans, social_challenge_ids, ...textEdit } = edit;
    const lists = { businesses, members, prices, membership_plans, social_challenge_ids };
    const before = textsOf(rows.row, rows.vision, rows.thanks);
    const after: api.AssociatePageTexts = { ...before, ...textEdit };
    const problems = { ...thanksProblems(after), ...certificationProblems(after), ...listProblems(rows.lists, lists) };
    if (Object.keys(problems).length > 0) throw new AppError('validation_failed', 'the page edit was refused', problems);
    const changed = (field: keyof api.AssociatePageTexts) => after[field] !== before[field];

    await tx
      .update(associates)
      .set({
        name: after.name,
        nameEn: orNull(after.name_en),
        catchCopy: after.catch_copy,
        catchCopyEn: orNull(after.catch_copy_en),
        description: after.description,
        descriptionEn: orNull(after.description_en),
        profile: after.profile,
        profileEn: orNull(after.profile_en),
        representative: after.representative,
        representativeEn: orNull(after.representative_en),
        address: after.address,
        addressEn: orNull(after.address_en),
        websiteUrl: orNull(after.website_url),
        certificationNumber: orNull(after.certification_number),
        certificationAuthority: orNull(after.certification_authority),
        certificationAuthorityEn: orNull(after.certification_authority_en),
        certifiedOn: orNull(after.certified_on),
        certificationExpiresOn: orNull(after.certification_expires_on),
      })
      .where(eq(associates.id, associateId));

    const visionChanged = (['vision_core', 'vision_core_en', 'vision_detail', 'vision_detail_en'] as const).some(changed);
    if (visionChanged) {
      const texts = {
        core: after.vision_core,
        coreEn: orNull(after.vision_core_en),
        detail: after.vision_detail,
        detailEn: orNull(after.vision_detail_en),
      };
      if (rows.vision) await tx.update(associateVisions).set(texts).where(eq(associateVisions.associateId, associateId));
      else {
        // Every seeded associate has a vision; one made later gets its blocks' images from the page's main visual until it has its own.
        const image = rows.row.mainVisualPath;
        await tx.insert(associateVisions).values({
          associateId,
          ...texts,
          challenge: '',
          challengeReason: '',
          useForDonation: '',
          challengeImagePath: image,
          challengeReasonImagePath: image,
          useForDonationImagePath: image,
        });
      }
    }

    const thanksChanged = (['thanks_subject', 'thanks_subject_en', 'thanks_body', 'thanks_body_en'] as const).some(changed);
    if (thanksChanged) {
      if (after.thanks_subject === '') await tx.delete(donationThanksMails).where(eq(donationThanksMails.associateId, associateId));
      else {
        const mail = {
          subject: after.thanks_subject,
          subjectEn: orNull(after.thanks_subject_en),
          body: after.thanks_body,
          bodyEn: orNull(after.thanks_body_en),
        };
        await tx
          .insert(donationThanksMails)
          .values({ associateId, ...mail })
          .onConflictDoUpdate({ target: donationThanksMails.associateId, set: mail });
      }
    }

    const listWarnings = await saveLists(tx, rows.row, rows.lists, lists);

    // The name shows on its campaigns' and portfolios' pages too, so every public page kind is refreshed.
    await enqueuePublicPagesRefresh(tx);
    return {
      page: view(await pageRows(tx, associateId, false), mediaUrl),
      warnings: pageLanguageWarnings(before, after),
      list_warnings: listWarnings,
    };
  });
}
