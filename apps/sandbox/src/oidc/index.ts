// "Kifu ID", an OpenID Connect provider for the social login of spec §7 (/auth/social/convert-token/),
// so the whole flow runs offline. A real implementation (the `oidc-provider` package), mounted under
// /oidc: discovery at /oidc/.well-known/openid-configuration, authorization code flow with PKCE
// (S256), a login and a consent page of its own (interaction-pages.ts), userinfo at /oidc/me.
// The one client is Kifu's web app (SOCIAL_LOGIN_CLIENT_ID/SECRET, redirect URIs from
// SOCIAL_LOGIN_REDIRECT_URIS). Test accounts — any password logs in:
//   linked@kifu-id.example  (sub kifu-id-linked)   linked to the demo user hanako@kifu.example
//   new@kifu-id.example     (sub kifu-id-new)      no Kifu account: sign-up through it is closed
//   noemail                 (sub kifu-id-noemail)  gives no email claim
import type { FastifyInstance } from 'fastify';
import { generateKeyPairSync } from 'node:crypto';
import Provider, { type JWK } from 'oidc-provider';
import type { EmulatorOptions } from '../shared/context';
import { escapeHtml, page } from '../shared/html';
import { interactionPages } from './interaction-pages';
import { MemoryAdapter } from './memory-adapter';

export const SOCIAL_TEST_ACCOUNTS: Record<string, { sub: string; email?: string; name: string }> = {
  'linked@kifu-id.example': { sub: 'kifu-id-linked', email: 'linked@kifu-id.example', name: 'Linked Supporter' },
  'new@kifu-id.example': { sub: 'kifu-id-new', email: 'new@kifu-id.example', name: 'New Supporter' },
  noemail: { sub: 'kifu-id-noemail', name: 'No Email' },
};
const bySub = new Map(Object.values(SOCIAL_TEST_ACCOUNTS).map((account) => [account.sub, account]));

export async function oidcEmulator(app: FastifyInstance, { context }: EmulatorOptions) {
  // Made on first use: the public URL (the issuer) is only known once the sandbox listens.
  let made: { oidc: Provider; handler: ReturnType<Provider['callback']> } | undefined;
  const provider = () => {
    if (made) return made;
    const { config } = context;
    const oidc = new Provider(`${config.SANDBOX_PUBLIC_URL}/oidc`, {
      clients: [
        {
          client_id: config.SOCIAL_LOGIN_CLIENT_ID,
          client_secret: config.SOCIAL_LOGIN_CLIENT_SECRET,
          redirect_uris: config.SOCIAL_LOGIN_REDIRECT_URIS.split(',').map((uri) => uri.trim()),
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      pkce: { required: () => true },
      // The login form takes the test account's name as its login (findAccount below).
      findAccount: async (_ctx, id) => {
        const account = SOCIAL_TEST_ACCOUNTS[id] ?? bySub.get(id);
        if (!account) return undefined;
        return {
          accountId: account.sub,
          claims: async () => ({
            sub: account.sub,
            name: account.name,
            ...(account.email ? { email: account.email, email_verified: true } : {}),
          }),
        };
      },
      cookies: { keys: ['kifu-sandbox-oidc-cookie-key'] },
      // A signing key of this sandbox run (ID tokens are signed; nothing outlives the process).
      jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as JWK] },
      adapter: MemoryAdapter,
      features: { devInteractions: { enabled: false } },
      renderError: async (ctx, out) => {
        ctx.type = 'html';
        ctx.body = page(
          'Kifu ID — error',
          `<h1>Kifu ID</h1><p role="alert">${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
        );
      },
      interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
      ttl: { Interaction: 15 * 60, Session: 24 * 60 * 60, Grant: 24 * 60 * 60, AccessToken: 60 * 60, AuthorizationCode: 60 },
    });
    // Behind the sandbox's own HTTP server, plain http on localhost.
    oidc.proxy = true;
    made = { oidc, handler: oidc.callback() };
    context.activity.record('sandbox', 'social login provider started', `${config.SANDBOX_PUBLIC_URL}/oidc`);
    return made;
  };

  await app.register(interactionPages, {
    provider: () => provider().oidc,
    findAccount: (login: string) => SOCIAL_TEST_ACCOUNTS[login.trim()],
  });

  await app.register(async (scoped) => {
    // oidc-provider reads the request body itself: leave every body unread here.
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').replace(/^\/oidc/, '') || '/';
      provider().handler(raw, reply.raw);
    };
    scoped.all('/oidc', forward);
    scoped.all('/oidc/*', forward);
  });
}
