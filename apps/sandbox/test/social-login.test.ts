// "Kifu ID", the sandbox's OpenID Connect provider: discovery, the login and consent pages, the
// code exchange with PKCE, and userinfo with the test accounts' claims.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kifuIdAccessToken } from '../../api/test/helpers/kifu-id-sign-in';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';

let app: Awaited<ReturnType<typeof buildSandbox>>;
let url: string;
beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({ LOG_LEVEL: 'silent' }), fastify: { logger: false } });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  app.sandbox.config.SANDBOX_PUBLIC_URL = url;
});
afterAll(() => app.close());

const userinfo = async (token: string) => {
  const response = await fetch(`${url}/oidc/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('Kifu ID (OpenID Connect)', () => {
  it('publishes its discovery document on the sandbox URL', async () => {
    const discovery = (await (await fetch(`${url}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${url}/oidc`,
      authorization_endpoint: `${url}/oidc/auth`,
      userinfo_endpoint: `${url}/oidc/me`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('signs a test account in through its login and consent pages and answers its claims', async () => {
    expect(await userinfo(await kifuIdAccessToken(url, 'linked@kifu-id.example'))).toMatchObject({
      status: 200,
      body: { sub: 'kifu-id-linked', email: 'linked@kifu-id.example' },
    });
    const noEmail = await userinfo(await kifuIdAccessToken(url, 'noemail'));
    expect(noEmail.body.sub).toBe('kifu-id-noemail');
    expect(noEmail.body.email).toBeUndefined();
  });

  it('refuses an unknown account, a made-up token, and a redirect URI it does not know', async () => {
    await expect(kifuIdAccessToken(url, 'stranger@example.com')).rejects.toThrow(/consent form/);
    expect((await userinfo('made-up-token')).status).toBe(401);
    await expect(kifuIdAccessToken(url, 'linked@kifu-id.example', 'https://evil.example/callback')).rejects.toThrow();
  });
});
