// POST /logDonationSubmission/log (spec §7 "Front-end server routes of the product"): one donation
// submission and its outcome for the submission log (spec §3, §4 step 7), forwarded to the API's
// POST /donation/submission-log/ after the same validation (api.donationSubmissionLogRequest), so
// a malformed log is refused here with the API's 400 shape. The API names the log's user from the
// caller's token, never from the body (ADR 015): the browser's `user_token` cookie goes along as
// the bearer, and its address for the API's per-caller limit.
import { api } from '@kifu/domain';
import { AUTH_COOKIE_NAME } from '@kifu/domain/constants';
import { toFieldError } from '@kifu/domain/schemas/rule-keys';
import { createApiClient } from '@/lib/api-client';
import { relayedError } from '@/lib/auth-api';
import { env } from '@/lib/env';
import { clientAddressHeaders, readCookie, TOKEN_PATTERN } from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

/** A log entry is a few hundred bytes (its longest field, the feedback message, is 2,048 characters). */
const MAX_BODY_BYTES = 16 * 1024;

function refused(detail: string, fields?: Record<string, string[]>): Response {
  return Response.json(
    { code: 'validation_failed', detail, ...(fields ? { fields } : {}) },
    { status: 400, headers: { 'cache-control': 'no-store' } },
  );
}

export async function POST(request: Request) {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return refused('body too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refused('body must be JSON');
  }
  const parsed = api.donationSubmissionLogRequest.safeParse(body);
  if (!parsed.success) {
    // Keyed as the API keys them (apps/api/src/plugins/errors.ts): the field's path, a rule key each.
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const { path, rule } = toFieldError(issue);
      const key = path.length > 0 ? path.join('.') : 'body';
      fields[key] = [...new Set([...(fields[key] ?? []), rule])];
    }
    return refused('invalid body', fields);
  }
  const token = readCookie(request, AUTH_COOKIE_NAME);
  try {
    await createApiClient(env.API_INTERNAL_URL).request('POST', '/donation/submission-log/', {
      body: parsed.data,
      token: token && TOKEN_PATTERN.test(token) ? token : undefined,
      init: { cache: 'no-store', headers: clientAddressHeaders(request) },
    });
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return relayedError(error);
  }
}
