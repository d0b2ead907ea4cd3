// Signs in at the sandbox's OpenID Connect provider ("Kifu ID") over plain HTTP, as a browser
// would: the authorization request with PKCE, the login page, the consent page, and back to the
// redirect URI with a code; then the code exchange a client makes. Cookies are kept by name (the
// provider scopes them by path; every request here goes to the same host).
import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';

export const KIFU_ID_REDIRECT_URI = 'http://localhost:3000/api/oauth/social/callback';

export async function kifuIdAccessToken(sandboxUrl: string, login: string, redirectUri = KIFU_ID_REDIRECT_URI): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const go = async (url: URL | string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    return response;
  };
  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const follow = async (response: Response): Promise<Response> => {
    let current = response;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location')!, sandboxUrl);
      if (location.toString().startsWith(redirectUri)) return current;
      current = await go(location);
    }
    return current;
  };

  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${sandboxUrl}/oidc/auth`);
  for (const [name, value] of Object.entries({
    client_id: SANDBOX_CREDENTIALS.socialLogin.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(name, value);

  const loginPage = await follow(await go(authorize));
  const loginAction = /action="([^"]+\/login)"/.exec(await loginPage.text())?.[1];
  if (!loginAction) throw new Error('no Kifu ID login form');
  const consentPage = await follow(await go(new URL(loginAction, sandboxUrl), form({ login, password: 'any' })));
  const confirmAction = /action="([^"]+\/confirm)"/.exec(await consentPage.text())?.[1];
  if (!confirmAction) throw new Error('no Kifu ID consent form');
  const back = await follow(await go(new URL(confirmAction, sandboxUrl), form({})));
  const code = new URL(back.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error(`Kifu ID answered no code: ${back.headers.get('location')}`);

  const { clientId, clientSecret } = SANDBOX_CREDENTIALS.socialLogin;
  const token = await fetch(`${sandboxUrl}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
  });
  const body = (await token.json()) as { access_token?: string; error?: string };
  if (!body.access_token) throw new Error(`Kifu ID token exchange failed: ${body.error}`);
  return body.access_token;
}
