// Hostile input (ADR 021): ids beyond a Postgres integer, absurd pages, NUL characters
// and lone surrogates in path, query and body are refused by the schemas with a 400 and a field
// error on every route family (404 where the path names nothing), never a database or provider
// error (500/502). Run it against PostgreSQL too: integer overflow is a real server's error.
import { randomUUID } from 'node:crypto';
import { api } from '@kifu/domain';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLIENT_URI, donorPayload, send, status, submit, type Reply } from './helpers/donation-requests';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { uniqueEmail } from './helpers/start-sandbox';

const handles = sandboxTestApp({ env: { BOT_CHECK_ENABLED: 'false' } });

type Method = NonNullable<InjectOptions['method']>;
type ErrorReply = Reply<api.ErrorBody>;

/** As a path or query carries them. */
const HOSTILE_IDS = ['2147483648', '99999999999999999999', '-1', '0', 'abc'] as const;
/** The same values as a JSON body carries them. */
const bodyId = (raw: string) => (raw === 'abc' ? raw : Number(raw));

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

const request = (method: Method, url: string, payload?: unknown) =>
  send<api.ErrorBody>(handles.t, {
    method,
    url,
    headers: { 'idempotency-key': randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

function expectFieldError(reply: ErrorReply, field: string, rule?: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.code).toBe('validation_failed');
  expect(reply.body.fields?.[field], JSON.stringify(reply.body)).toBeDefined();
  if (rule !== undefined) expect(reply.body.fields?.[field]).toContain(rule);
}

const bankGift = (overrides: Record<string, unknown> = {}) => ({ donor: donorPayload(), amount: 3_000, associate_id: 1, ...overrides });
const cardGift = (overrides: Record<string, unknown> = {}) =>
  bankGift({ customer_id: 'cust_test_hostile', client_uri: CLIENT_URI, ...overrides });
const walletGift = (overrides: Record<string, unknown> = {}) =>
  bankGift({ wallet_pay: { checkout_session_id: 'hostile-session', form_state: { donate_session_key: 'k', state: '{}' } }, ...overrides });

describe('ids beyond a Postgres integer, zero, negative or not a number', () => {
  const pathRoutes: [Method, string, string, unknown?][] = [
    ['GET', '/donation/{id}/status/', 'id'],
    ['GET', '/donation/{id}/form-state/', 'id'],
    ['PUT', '/donation/{id}/form-state/', 'id', { form_state: '{}' }],
    ['GET', '/donation/donation-message/{id}/', 'id'],
    ['PATCH', '/donation/donation-message/{id}/', 'id', { message: 'x' }],
    ['GET', '/portfolio/{id}/', 'id'],
    ['GET', '/associate/business/{id}/', 'id'],
    ['GET', '/campaign/{id}/', 'id'],
    ['GET', '/campaign/1/reports/{id}/', 'reportId'],
    ['GET', '/campaign/1/rewards/{id}/', 'rewardId'],
    ['GET', '/config/campaign/{id}/', 'id'],
    ['GET', '/campaign/{id}/usage-stats/', 'id'],
  ];
  it.each(
    pathRoutes.flatMap(([method, path, field, body]) => HOSTILE_IDS.map((id) => [method, path.replace('{id}', id), field, body] as const)),
  )('path: %s %s → 400 on %s', async (method, url, field, body) => expectFieldError(await request(method, url, body), field));

  const queryRoutes: [string, string][] = [
    ['/donation/survey-question/?associate_id=', 'associate_id'],
    ['/campaign/usage/?campaign=', 'campaign'],
  ];
  it.each(queryRoutes.flatMap(([url, field]) => HOSTILE_IDS.map((id) => [`${url}${id}`, field] as const)))(
    'query: GET %s → 400 on %s',
    async (url, field) => expectFieldError(await request('GET', url), field),
  );

  const bodyRoutes: [string, string, (id: unknown) => unknown, string][] = [
    ['/donation/', 'portfolio_id', (id) => cardGift({ portfolio_id: id }), 'portfolio_id'],
    ['/donation/recurring/', 'portfolio_id', (id) => cardGift({ portfolio_id: id }), 'portfolio_id'],
    ['/donation/recurring/annual/', 'membership_plan_id', (id) => cardGift({ membership_plan_id: id }), 'membership_plan_id'],
    ['/donation/deposit/', 'portfolio_id', (id) => bankGift({ portfolio_id: id }), 'portfolio_id'],
    ['/donation/deposit/', 'associate_id', (id) => bankGift({ associate_id: id }), 'associate_id'],
    ['/donation/deposit/', 'campaign_id', (id) => bankGift({ campaign_id: id }), 'campaign_id'],
    ['/donation/deposit/', 'reward_id', (id) => bankGift({ campaign_id: 1, reward_id: id }), 'reward_id'],
    [
      '/donation/deposit/',
      'survey question_id',
      (id) => bankGift({ survey_answers: [{ question_id: id, choice_ids: [1] }] }),
      'survey_answers.0.question_id',
    ],
    ['/donation/wallet-pay/update-checkout-session/', 'portfolio_id', (id) => walletGift({ portfolio_id: id }), 'portfolio_id'],
    ['/donation/check-duplication/', 'portfolio_id', (id) => ({ portfolio_id: id, email: uniqueEmail() }), 'portfolio_id'],
    [
      '/donation/survey-answer/',
      'donation_id',
      (id) => ({ donation_id: id, survey_answers: [{ question_id: 1, choice_ids: [1] }] }),
      'donation_id',
    ],
    [
      '/donation/survey-answer/',
      'question_id',
      (id) => ({ donation_id: 1, survey_answers: [{ question_id: id, choice_ids: [1] }] }),
      'survey_answers.0.question_id',
    ],
    [
      '/donation/survey-answer/',
      'choice id',
      (id) => ({ donation_id: 1, survey_answers: [{ question_id: 1, choice_ids: [id] }] }),
      'survey_answers.0.choice_ids.0',
    ],
    ['/donation/donation-message/', 'donation_id', (id) => ({ donation_id: id, message: 'x' }), 'donation_id'],
    [
      '/donation/submission-log/',
      'associate_id',
      (id) => ({ payment_method: 1, frequency: 1, associate_id: id, success: true }),
      'associate_id',
    ],
    [
      '/donation/submission-log/',
      'campaign_id',
      (id) => ({ payment_method: 1, frequency: 1, campaign_id: id, success: true }),
      'campaign_id',
    ],
    [
      '/wallet-pay/generate-button-signature/',
      'associate_id',
      (id) => ({ amount: 3_000, frequency: 'single', associate_id: id }),
      'associate_id',
    ],
  ];
  it.each(bodyRoutes.flatMap(([url, label, body, field]) => HOSTILE_IDS.map((id) => [url, label, id, body(bodyId(id)), field] as const)))(
    'body: POST %s %s = %s → 400',
    async (url, _label, _id, body, field) => expectFieldError(await request('POST', url, body), field),
  );

  it('the largest Postgres integer is still an id: an unknown one is a 404', async () => {
    expect((await request('GET', `/donation/${api.ROW_ID_MAX}/status/`)).status).toBe(404);
    expect((await request('GET', `/portfolio/${api.ROW_ID_MAX}/`)).status).toBe(404);
    expect((await request('GET', `/donation/survey-question/?associate_id=${api.ROW_ID_MAX}`)).status).toBe(404);
    expect((await request('POST', '/donation/check-duplication/', { portfolio_id: api.ROW_ID_MAX, email: uniqueEmail() })).status).toBe(
      200,
    );
  });
});

describe('recurring support changes with a hostile id, as a signed-in supporter (ADR 034)', () => {
  let token = '';
  const signedIn = async () => {
    if (token) return token;
    const created = await send<{ accessToken: string }>(handles.t, {
      method: 'POST',
      url: '/auth/register',
      payload: { email: uniqueEmail('hostile-recurring'), password: 'kifu-pass-123' },
    });
    expect(created.status).toBe(201);
    token = created.body.accessToken;
    return token;
  };
  const changes: [string, Record<string, unknown>][] = [
    ['stop', { lang: 'ja', reason: null }],
    ['amount', { lang: 'ja', amount: 2_000 }],
    ['pause', { lang: 'ja', months: 1 }],
    ['skip', { lang: 'ja' }],
    ['resume', { lang: 'en' }],
  ];
  it.each(changes.flatMap(([change, body]) => HOSTILE_IDS.map((id) => [change, id, body] as const)))(
    'POST /donation/recurring/{id}/%s/ with id %s → 400 on id',
    async (change, id, body) => {
      const reply = await send<api.ErrorBody>(handles.t, {
        method: 'POST',
        url: `/donation/recurring/${id}/${change}/`,
        headers: { authorization: `Bearer ${await signedIn()}` },
        payload: body,
      });
      expectFieldError(reply, 'id');
    },
  );

  it('the largest Postgres integer names no recurring donation: 404, and a NUL in the reason is a 400', async () => {
    const headers = { authorization: `Bearer ${await signedIn()}` };
    const unknown = await send<api.ErrorBody>(handles.t, {
      method: 'POST',
      url: `/donation/recurring/${api.ROW_ID_MAX}/skip/`,
      headers,
      payload: { lang: 'ja' },
    });
    expect(unknown.status).toBe(404);
    const nul = await send<api.ErrorBody>(handles.t, {
      method: 'POST',
      url: '/donation/recurring/1/stop/',
      headers,
      payload: { lang: 'ja', reason: NUL },
    });
    expectFieldError(nul, 'reason', 'pattern.invalidCharacter');
  });
});

describe('whole numbers beyond the Postgres integer a request stores them in (ADR 055)', () => {
  const logEntry = (amount: number) => ({ payment_method: 1, frequency: 1, amount, success: false });

  it.each([2_147_483_648, -2_147_483_649, 1e20])('POST /donation/submission-log/ with amount %s → 400 on amount', async (amount) =>
    expectFieldError(await request('POST', '/donation/submission-log/', logEntry(amount)), 'amount', 'value'),
  );

  it('the bounds themselves are logged', async () => {
    for (const amount of [api.PG_INTEGER_MAX, api.PG_INTEGER_MIN]) {
      expect((await request('POST', '/donation/submission-log/', logEntry(amount))).status, String(amount)).toBe(204);
    }
  });

  /**
   * Fields whose documented schema is wider than a Postgres integer because a rule checks them
   * before anything is stored: amounts against the payment method's limits (spec §5), types
   * against their enumeration, and the receipt link's expiry (seconds, compared, never stored).
   */
  const CHECKED_BY_A_RULE = new Set([
    'GET /associate/ organisation_type',
    'GET /campaign/ type',
    'POST /campaign/ type',
    'PATCH /campaign/{id}/edit/ type',
    'POST /campaign/support-funding/ type',
    'POST /donation/ amount',
    'POST /donation/recurring/ amount',
    'POST /donation/recurring/annual/ amount',
    'POST /donation/deposit/ amount',
    'POST /wallet-pay/generate-button-signature/ amount',
    'POST /donation/wallet-pay/update-checkout-session/ amount',
    'POST /donation/recurring/wallet-pay/update-checkout-session/ amount',
    'POST /donation/recurring/{id}/amount/ amount',
    'POST /auth/application/recurring-donations/{id}/amount/ amount',
    'GET /donation/{id}/receipt-pdf/ expires',
  ]);

  it('every other whole number a documented request takes is an enumeration or fits a Postgres integer', async () => {
    interface Schema {
      $ref?: string;
      type?: string | string[];
      enum?: unknown[];
      minimum?: number;
      maximum?: number;
      properties?: Record<string, Schema>;
      items?: Schema;
      anyOf?: Schema[];
      oneOf?: Schema[];
      allOf?: Schema[];
    }
    interface Operation {
      parameters?: { name: string; schema: Schema }[];
      requestBody?: { content: Record<string, { schema: Schema }> };
    }
    const docs = (await handles.t.get<{ paths: Record<string, Record<string, Operation>> }>('/docs/json')).body;
    const resolve = (schema: Schema): Schema =>
      schema.$ref
        ? (schema.$ref
            .slice(2)
            .split('/')
            .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], docs) as Schema)
        : schema;
    const unbounded: string[] = [];
    const walk = (raw: Schema, where: string, field: string) => {
      const schema = resolve(raw);
      const types = [schema.type].flat();
      const numeric = types.includes('integer') || types.includes('number');
      const fits = (schema.maximum ?? Infinity) <= api.PG_INTEGER_MAX && (schema.minimum ?? -Infinity) >= api.PG_INTEGER_MIN;
      if (numeric && !schema.enum && !fits && !CHECKED_BY_A_RULE.has(`${where} ${field}`)) unbounded.push(`${where} ${field}`);
      for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, where, field);
      for (const [name, property] of Object.entries(schema.properties ?? {})) walk(property, where, name);
      if (schema.items) walk(schema.items, where, field);
    };
    let operationCount = 0;
    for (const [path, operations] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) walk(parameter.schema, where, parameter.name);
        for (const { schema } of Object.values(operation.requestBody?.content ?? {})) walk(schema, where, '');
        operationCount += 1;
      }
    }
    expect(operationCount).toBeGreaterThan(50);
    expect(unbounded).toEqual([]);
  });

  it.each([
    ['POST', '/donation/deposit/', bankGift({ amount: 2_147_483_648 })],
    ['POST', '/donation/', cardGift({ amount: 2_147_483_648 })],
    ['POST', '/wallet-pay/generate-button-signature/', { amount: 2_147_483_648, frequency: 'single', associate_id: 1 }],
  ] as const)('a rule-checked amount beyond a Postgres integer is a 400 too: %s %s', async (method, url, body) =>
    expectFieldError(await request(method, url, body), 'amount', 'max'),
  );
});

describe('social login tokens no provider could have issued (ADR 055)', () => {
  it.each(['１２３４５６７８', 'abc def', 'abc\r\nx-injected: 1', 'トークン'])(
    'POST /auth/social/convert-token/ with %j → 400 on token, before the provider is asked',
    async (token) =>
      expectFieldError(await request('POST', '/auth/social/convert-token/', { backend: 'kifu-id', token }), 'token', 'pattern'),
  );
});

describe('pages past any list', () => {
  const lists: [string, string][] = [
    ['/associate/?page=', 'page'],
    ['/campaign/?page=', 'page'],
    ['/portfolio/?page=', 'page'],
    ['/campaign/1/reports/?page=', 'page'],
    ['/campaign/1/rewards/?page=', 'page'],
    ['/campaign/usage/?campaign=1&page=', 'page'],
    ['/campaign/1/?message_page=', 'message_page'],
  ];
  it.each(
    lists.flatMap(([url, field]) =>
      ['2147483648', '9007199254740991', '99999999999999999999', '0', 'abc'].map((page) => [`${url}${page}`, field] as const),
    ),
  )('GET %s → 400 on %s', async (url, field) => expectFieldError(await request('GET', url), field));

  it('a far page within the bound is an empty page', async () => {
    const reply = await send<api.AssociateList>(handles.t, { method: 'GET', url: '/associate/?page=100000' });
    expect(reply.status).toBe(200);
    expect(reply.body.results).toEqual([]);
  });
});

describe('NUL characters and lone surrogates', () => {
  const RULE = 'pattern.invalidCharacter';

  const paths: [string, string][] = [
    ['/associate/%00/', 'uid'],
    ['/associate/a%00b/vision/', 'uid'],
    ['/associate/%00/donation-survey-questions/', 'uid'],
    ['/donation/wallet-pay-form-state/%00/', 'key'],
  ];
  it.each(paths)('path: GET %s → 400 on %s', async (url, field) => expectFieldError(await request('GET', url), field, RULE));

  it('path: every documented route with a parameter answers a NUL in it with 400 or 404', async () => {
    const { paths: documented } = (await handles.t.get<{ paths: Record<string, Record<string, unknown>> }>('/docs/json')).body;
    const parametric = Object.entries(documented).filter(([path]) => path.includes('{'));
    expect(parametric.length).toBeGreaterThan(10);
    for (const [path, methods] of parametric) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{[^}]+\}/g, '%00');
        const reply = await request(method.toUpperCase() as Method, url, method === 'get' ? undefined : {});
        expect([400, 404], `${method} ${url}: ${JSON.stringify(reply.body)}`).toContain(reply.status);
      }
    }
  });

  const queries: [string, string][] = [
    ['/associate/?q=a%00b', 'q'],
    ['/associate/?social_challenge=%00', 'social_challenge'],
    ['/campaign/?associate=%00', 'associate'],
    ['/donation/1/status/?donation_token=%00', 'donation_token'],
    ['/media/demo/logo/seed.svg?text=%00', 'text'],
  ];
  it.each(queries)('query: GET %s → 400 on %s', async (url, field) => expectFieldError(await request('GET', url), field, RULE));

  it('query and path: a lone surrogate cannot be written in UTF-8, and its CESU-8 bytes are never a server error', async () => {
    for (const url of ['/associate/?q=%ED%A0%80', '/associate/%ED%A0%80/', '/campaign/?associate=%ED%A0%80']) {
      expect((await request('GET', url)).status, url).toBeLessThan(500);
    }
  });

  const bodies: [string, Method, string, (text: string) => unknown, string][] = [
    [
      'login username',
      'POST',
      '/auth/oauth/token/',
      (text) => ({ grant_type: 'password', username: text, password: 'password1' }),
      'username',
    ],
    ['signup email', 'POST', '/auth/register', (text) => ({ email: `${text}@example.com`, password: 'password1' }), 'email'],
    ['donor name', 'POST', '/donation/deposit/', (text) => bankGift({ donor: donorPayload({ last_name: text }) }), 'donor.last_name'],
    ['donor street', 'POST', '/donation/deposit/', (text) => bankGift({ donor: donorPayload({ address1: text }) }), 'donor.address1'],
    ['gift message', 'POST', '/donation/deposit/', (text) => bankGift({ message: text }), 'message'],
    ['card customer', 'POST', '/donation/', (text) => cardGift({ customer_id: `cust_${text}` }), 'customer_id'],
    ['monthly card customer', 'POST', '/donation/recurring/', (text) => cardGift({ customer_id: `cust_${text}` }), 'customer_id'],
    ['wallet form state', 'POST', '/donation/wallet-pay-form-state/', (text) => ({ state: text }), 'state'],
    ['duplication email', 'POST', '/donation/check-duplication/', (text) => ({ associate_id: 1, email: text }), 'email'],
    ['message', 'POST', '/donation/donation-message/', (text) => ({ donation_id: 1, message: text }), 'message'],
    ['message name', 'PATCH', '/donation/donation-message/1/', (text) => ({ published_from: text }), 'published_from'],
    ['saved form state', 'PUT', '/donation/1/form-state/', (text) => ({ form_state: text }), 'form_state'],
    [
      'submission-log email',
      'POST',
      '/donation/submission-log/',
      (text) => ({ payment_method: 1, frequency: 1, user_email: text, success: true }),
      'user_email',
    ],
    [
      'submission-log feedback',
      'POST',
      '/donation/submission-log/',
      (text) => ({ payment_method: 1, frequency: 1, feedback_message: text, success: false }),
      'feedback_message',
    ],
    ['guest card email', 'POST', '/payment/non-member-credit', (text) => ({ token: 'tokn_test_x', email: `${text}@example.com` }), 'email'],
    [
      'profile name',
      'PUT',
      '/user/private_profile/update_me/',
      (text) => ({ first_name: text, last_name: '山田', gender: 3 }),
      'first_name',
    ],
  ];
  it.each(
    bodies.flatMap(([label, method, url, body, field]) => [
      [label, 'NUL', method, url, body(NUL), field] as const,
      [label, 'lone surrogate', method, url, body(LONE_SURROGATE), field] as const,
    ]),
  )('body: %s with a %s → 400 (%s %s)', async (_label, _kind, method, url, body, field) =>
    expectFieldError(await request(method, url, body), field, RULE),
  );

  it('a NUL in a key is refused at that key', async () => {
    expectFieldError(
      await request('POST', '/donation/submission-log/', { payment_method: 1, frequency: 1, success: true, 'x\u0000': 1 }),
      'x\u0000',
      RULE,
    );
  });

  it('a form-encoded login with a NUL is an OAuth invalid_request', async () => {
    const reply = await send<api.ErrorBody & { error: string }>(handles.t, {
      method: 'POST',
      url: '/auth/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=a%00b&password=password1',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'validation_failed', error: 'invalid_request', fields: { username: [RULE] } });
  });
});

describe('valid requests still work', () => {
  it('a bank-transfer gift whose message has an emoji (a surrogate pair) is recorded and readable', async () => {
    const gift = await submit<api.BankTransferDonationResponse>(handles.t, '/donation/deposit/', bankGift({ message: '応援しています😀' }));
    expect(gift.status).toBe(200);
    expect((await status(handles.t, gift.body.donation.id, gift.body.status_token)).status).toBe(200);
    const message = await send<api.DonationMessageView>(handles.t, {
      method: 'GET',
      url: `/donation/donation-message/${gift.body.donation.donation_message!.id}/?donation_token=${encodeURIComponent(gift.body.status_token!)}`,
    });
    expect(message.body.message).toBe('応援しています😀');
  });

  it('reads by id, uid and page answer as before', async () => {
    expect((await request('GET', '/associate/kodomo-shokudo-mirai/')).status).toBe(200);
    expect((await request('GET', '/portfolio/1/')).status).toBe(200);
    expect((await request('GET', '/donation/survey-question/?associate_id=1')).status).toBe(200);
    expect((await request('GET', '/associate/?page=1&q=%E5%AD%90%E3%81%A9%E3%82%82')).status).toBe(200);
    expect((await request('POST', '/donation/check-duplication/', { associate_id: 1, email: uniqueEmail() })).status).toBe(200);
  });
});
