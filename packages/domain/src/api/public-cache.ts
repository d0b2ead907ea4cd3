// The contract between the web app's cache of public API answers and the API that tells it to
// refresh them (ADR 020): answers are tagged by resource kind (the path's first segment), and the
// refresh call carries those tags.
import { z } from 'zod';

/** The cache tag of a public API path: /campaign/12/reports/ → 'api:campaign'. */
export function publicCacheTag(path: string): string {
  const kind = path.split('/').find((segment) => segment !== '') ?? 'root';
  return `api:${kind}`;
}

/** POST /api/revalidate on the web app: which tags to expire now. */
export const revalidateRequest = z.object({
  tags: z
    .array(z.string().regex(/^api:[a-z0-9_-]{1,40}$/))
    .min(1)
    .max(20),
});
export type RevalidateRequest = z.infer<typeof revalidateRequest>;
