// GET /associate/business/{id}/ (spec §7): one business of a published associate, with the
// associate's uid and name so a page can check it sits under the right associate and link back.
// The associate detail lists the same businesses in their short form, built here too.
import type { api, Locale } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateBusinesses, associates } from '../db/schema/index';
import { localizer } from '../lib/localize';
import type { MediaUrl } from '../media/media-url';
import { isPublicAssociate } from './associate-summaries';

type BusinessRow = typeof associateBusinesses.$inferSelect;

export function toAssociateBusiness(business: BusinessRow, lang: Locale, mediaUrl: MediaUrl): api.AssociateBusiness {
  const tr = localizer(lang);
  return {
    id: business.id,
    name: tr(business, 'name'),
    purpose: tr(business, 'purpose'),
    activity: tr(business, 'activity'),
    result: tr(business, 'result'),
    cost: tr(business, 'cost'),
    main_visual_url: mediaUrl(business.mainVisualPath),
  };
}

/** null when the business is unknown or its associate is not public (unpublished associates 404 everywhere, ADR 004). */
export async function getAssociateBusiness(
  db: Database,
  id: number,
  lang: Locale,
  mediaUrl: MediaUrl,
): Promise<api.AssociateBusinessDetail | null> {
  const [row] = await db
    .select({
      business: associateBusinesses,
      associate: { id: associates.id, uid: associates.uid, name: associates.name, nameEn: associates.nameEn },
    })
    .from(associateBusinesses)
    .innerJoin(associates, eq(associates.id, associateBusinesses.associateId))
    .where(and(eq(associateBusinesses.id, id), isPublicAssociate));
  if (!row) return null;
  const { business, associate } = row;
  const tr = localizer(lang);
  const optionalImage = (path: string | null) => (path ? mediaUrl(path) : null);
  return {
    ...toAssociateBusiness(business, lang, mediaUrl),
    detail: tr(business, 'detail'),
    activity_image_url: optionalImage(business.activityImagePath),
    result_image_url: optionalImage(business.resultImagePath),
    cost_image_url: optionalImage(business.costImagePath),
    associate: { id: associate.id, uid: associate.uid, name: tr(associate, 'name') },
  };
}
