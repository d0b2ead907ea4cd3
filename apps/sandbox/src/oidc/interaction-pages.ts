// The login and consent pages of the sandbox's OpenID Connect provider (ja and en labels): a test
// account's name and any password sign in (index.ts lists the accounts), then the supporter allows
// Kifu to read their email. oidc-provider drives the flow; these pages only answer its prompts.
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { escapeHtml, page } from '../shared/html';

interface Options {
  provider: () => Provider;
  findAccount: (login: string) => { sub: string } | undefined;
}

function loginPage(uid: string, error?: string): string {
  return page(
    'Kifu ID — ログイン / Sign in',
    `<h1>Kifu ID</h1><p>ログイン / Sign in (sandbox)</p>
${error ? `<p role="alert" style="color:#b91c1c">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login">
<p><label>アカウント / Account<br><input name="login" autocomplete="username" required autofocus></label></p>
<p><label>パスワード / Password<br><input name="password" type="password" autocomplete="current-password"></label></p>
<button type="submit" data-primary>ログイン / Sign in</button></form>
<p style="font-size:.85rem">Test accounts: linked@kifu-id.example, new@kifu-id.example, noemail — any password.</p>`,
  );
}

function consentPage(uid: string, client: string): string {
  return page(
    'Kifu ID — 許可 / Allow',
    `<h1>Kifu ID</h1><p>${escapeHtml(client)} にメールアドレスとプロフィールの読み取りを許可しますか？<br>Allow ${escapeHtml(client)} to read your e-mail address and profile?</p>
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/confirm"><button type="submit" data-primary>許可する / Allow</button></form>
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/abort"><button type="submit">キャンセル / Cancel</button></form>`,
  );
}

const params = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export async function interactionPages(app: FastifyInstance, { provider, findAccount }: Options) {
  app.get('/oidc/interaction/:uid', async (request, reply) => {
    const { uid } = params.parse(request.params);
    const details = await provider().interactionDetails(request.raw, reply.raw);
    reply.type('text/html; charset=utf-8');
    return details.prompt.name === 'login' ? loginPage(uid) : consentPage(uid, String(details.params.client_id));
  });

  app.post('/oidc/interaction/:uid/login', async (request, reply) => {
    const { uid } = params.parse(request.params);
    const { login } = z.object({ login: z.string().max(256).default('') }).parse(request.body ?? {});
    const account = findAccount(login);
    if (!account)
      return reply
        .type('text/html; charset=utf-8')
        .code(400)
        .send(loginPage(uid, 'No such test account / テスト用アカウントが見つかりません'));
    reply.hijack();
    await provider().interactionFinished(request.raw, reply.raw, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  });

  app.post('/oidc/interaction/:uid/confirm', async (request, reply) => {
    params.parse(request.params);
    const oidc = provider();
    const details = await oidc.interactionDetails(request.raw, reply.raw);
    const grant = new oidc.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    reply.hijack();
    await oidc.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  app.post('/oidc/interaction/:uid/abort', async (request, reply) => {
    params.parse(request.params);
    reply.hijack();
    await provider().interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled' },
      { mergeWithLastSubmission: false },
    );
  });
}
