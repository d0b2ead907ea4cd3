// Social login against the sandbox's real OpenID Connect provider (Kifu ID), signed in over HTTP
// through its login and consent pages (spec §7 /auth/social/convert-token/, §8 social messages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { kifuIdAccessToken } from './helpers/kifu-id-sign-in';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp();
let client = 0;
const convert = async (app: TestApp, token: string) => {
  const response = await app.app.inject({
    method: 'POST',
    url: '/auth/social/convert-token/',
    payload: { backend: 'kifu-id', token },
    remoteAddress: `10.5.0.${++client}`,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

describe('POST /auth/social/convert-token/', () => {
  it('logs in the Kifu account linked to the provider account (hanako, seeded)', async () => {
    const answer = await convert(h.t, await kifuIdAccessToken(h.sandbox.url, 'linked@kifu-id.example'));
    expect(answer).toMatchObject({
      status: 200,
      body: { token_type: 'Bearer', access_token: expect.any(String), refresh_token: expect.any(String) },
    });
    const me = await h.t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${answer.body.access_token as string}` } });
    expect(me.json()).toMatchObject({ email: 'hanako@kifu.example' });
  });

  it('says sign-up through it is closed for an account no Kifu user is linked to', async () => {
    expect(await convert(h.t, await kifuIdAccessToken(h.sandbox.url, 'new@kifu-id.example'))).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/^social_signup_closed/) },
    });
  });

  it('says the e-mail could not be read when the provider gives none', async () => {
    expect(await convert(h.t, await kifuIdAccessToken(h.sandbox.url, 'noemail'))).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/^social_no_email/) },
    });
  });

  it('refuses a token the provider does not know, and a backend it does not know', async () => {
    expect(await convert(h.t, 'made-up-token')).toMatchObject({
      status: 401,
      body: { detail: expect.stringMatching(/^social_invalid_token/) },
    });
    const other = await h.t.app.inject({
      method: 'POST',
      url: '/auth/social/convert-token/',
      payload: { backend: 'facebook', token: 'x' },
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('when the provider is away', () => {
  let away: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: the connection is refused at once.
    away = await buildTestApp({ SOCIAL_LOGIN_ISSUER: 'http://127.0.0.1:9/oidc' });
  });
  afterAll(() => away.close());

  it('answers 503, not a login failure', async () => {
    expect(await convert(away, 'any-token')).toMatchObject({ status: 503, body: { detail: expect.stringMatching(/^social_unavailable/) } });
  });
});
