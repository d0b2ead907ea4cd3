// GET /associate/{uid}/vision/ (spec §7): a published associate's vision (core, detail, the
// challenge, why they take it on, how donations are used, and the three images). The associate
// detail carries the same vision, built here too.
import type { api, Locale } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, associateVisions } from '../db/schema/index';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { isPublicAssociate } from './associate-summaries';

type VisionRow = typeof associateVisions.$inferSelect;

/** Every seeded associate has a vision; one created later without it shows empty blocks. */
const EMPTY_VISION: api.AssociateVision = {
  core: '',
  detail: '',
  challenge: '',
  challenge_reason: '',
  use_for_donation: '',
  challenge_image_url: '',
  challenge_reason_image_url: '',
  use_for_donation_image_url: '',
};

export function toAssociateVision(vision: VisionRow | undefined, lang: Locale, mediaUrl: MediaUrl): api.AssociateVision {
  if (!vision) return EMPTY_VISION;
  const tr = localizer(lang);
  return {
    core: tr(vision, 'core'),
    detail: tr(vision, 'detail'),
    challenge: tr(vision, 'challenge'),
    challenge_reason: tr(vision, 'challengeReason'),
    use_for_donation: tr(vision, 'useForDonation'),
    challenge_image_url: mediaUrl(vision.challengeImagePath),
    challenge_reason_image_url: mediaUrl(vision.challengeReasonImagePath),
    use_for_donation_image_url: mediaUrl(vision.useForDonationImagePath),
  };
}

/** null when there is no such public associate. */
export async function getAssociateVision(db: Database, uid: string, lang: Locale, mediaUrl: MediaUrl): Promise<api.AssociateVision | null> {
  const [row] = await db
    .select({ associateId: associates.id, vision: associateVisions })
    .from(associates)
    .leftJoin(associateVisions, eq(associateVisions.associateId, associates.id))
    .where(and(eq(associates.uid, uid), isPublicAssociate));
  if (!row) return null;
  return toAssociateVision(row.vision ?? undefined, lang, mediaUrl);
}
