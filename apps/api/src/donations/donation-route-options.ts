// What every donation route of spec §7 shares, whoever registers it (donations/ for the form's
// reads and writes, payments/<method>/ for each method's money-moving POSTs): rate limits per
// account, or per address for guests, and the shape of a money-moving POST — Idempotency-Key
// (lib/idempotency.ts), then the bot check (spec §4 step 5) after the replay check, and for the
// card routes card attempts per address and per email (card testing).
// Bodies are the wire contract of packages/domain api/donation.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { idempotencyKeyHeaders, idempotentRoute, registerIdempotency } from '../lib/idempotency';
import { perCallerLimit, type AttemptLimit } from '../plugins/rate-limit';
import { requireBotCheck } from '../providers/botcheck/require-bot-check';

type App = Parameters<FastifyPluginAsyncZod>[0];

export const donationTags = ['donations'];

/** Per account per minute (a guest's address: × SUPPORTERS_PER_ADDRESS): a few retries of a submission, too few to test stolen cards. */
export const DONATION_SUBMIT_RATE_LIMIT = 10;
/** The form polls the status every few seconds after 3-D Secure. */
export const DONATION_READ_RATE_LIMIT = 120;
export const DONATION_CHECK_RATE_LIMIT = 30;

const submitErrors = errorResponses(400, 403, 404, 409, 422, 429, 502, 503);

export interface SubmitRoute<Body extends z.ZodTypeAny, Response extends z.ZodTypeAny> {
  path: string;
  /** The idempotency scope: one key names one submission of this route. */
  scope: string;
  summary: string;
  body: Body;
  response: Response;
  start: (request: z.output<Body>, userId: number | undefined) => Promise<z.input<Response>>;
  /** false for a call whose bot check was passed by an earlier call of the same donation. */
  botChecked?: boolean;
  attemptLimits?: readonly AttemptLimit[];
}

/** Registers money-moving POSTs on `app`: idempotent, bot-checked, rate limited, answering 200 with `response`. */
export function donationSubmitRoutes(app: App) {
  registerIdempotency(app);
  const botCheck = requireBotCheck(app);
  return function submitRoute<Body extends z.ZodTypeAny, Response extends z.ZodTypeAny>(route: SubmitRoute<Body, Response>): void {
    app.post(
      route.path,
      {
        ...(route.botChecked === false ? idempotentRoute(app, route.scope) : idempotentRoute(app, route.scope, botCheck)),
        config: { ...perCallerLimit(DONATION_SUBMIT_RATE_LIMIT), attemptLimits: route.attemptLimits },
        schema: {
          tags: donationTags,
          summary: route.summary,
          headers: idempotencyKeyHeaders,
          body: route.body,
          response: { 200: route.response, ...submitErrors },
        },
      },
      // The generic schema defeats the type provider's inference; `start` is typed against the same
      // schemas and the response serializer still validates every answer at run time.
      (request) => route.start(request.body as z.output<Body>, request.userId) as never,
    );
  };
}
