// siteverify's answer, as Google gives it (https://developers.google.com/recaptcha/docs/verify):
// always HTTP 200, `{success:true, challenge_ts, hostname, score, action}` or
// `{success:false, 'error-codes':[…]}`. A missing response and a missing secret are both reported,
// response first, as Google does for an empty request.
import { TOKEN_TTL_MS, type TokenStore } from './token-store';

export type SiteverifyErrorCode =
  | 'missing-input-secret'
  | 'invalid-input-secret'
  | 'missing-input-response'
  | 'invalid-input-response'
  | 'bad-request'
  | 'timeout-or-duplicate';

export type SiteverifyResponse =
  | { success: true; challenge_ts: string; hostname: string; score: number; action: string }
  | { success: false; 'error-codes': SiteverifyErrorCode[] };

export interface SiteverifyParams {
  secret?: string;
  response?: string;
  remoteip?: string;
}

export const failure = (...codes: SiteverifyErrorCode[]): SiteverifyResponse => ({ success: false, 'error-codes': codes });

export function verifyToken(params: SiteverifyParams, expectedSecret: string, store: TokenStore, now: Date): SiteverifyResponse {
  const problems: SiteverifyErrorCode[] = [];
  if (!params.response) problems.push('missing-input-response');
  if (!params.secret) problems.push('missing-input-secret');
  else if (params.secret !== expectedSecret) problems.push('invalid-input-secret');
  if (problems.length > 0) return failure(...problems);

  const minted = store.find(params.response!);
  if (!minted || minted.fail) return failure('invalid-input-response');
  // The first verification uses the token up, whatever its age.
  const firstUse = !minted.verified;
  minted.verified = true;
  if (!firstUse || now.getTime() - minted.mintedAt.getTime() > TOKEN_TTL_MS) return failure('timeout-or-duplicate');
  return {
    success: true,
    // Google's timestamps have no fraction: "2024-05-01T09:30:12Z".
    challenge_ts: minted.mintedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    hostname: minted.hostname,
    score: minted.score,
    action: minted.action,
  };
}
