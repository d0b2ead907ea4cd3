// The signed-in user (spec §3 "User (as returned after login)", §7 /user/me/) and the update of its
// private profile (§7 /user/private_profile/update_me/), as the donation flow reuses them (§6).
import { and, eq, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { donations, portfolioDonations, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function tokenOf(username: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return (await issueAccessToken(t.database.db, user!.id)).token;
}

async function newUserToken(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, password: 'secret1', private_profile: { first_name: '太郎', last_name: '山田' } },
  });
  return response.json().accessToken;
}

describe('GET /user/me/', () => {
  it('answers 401 without a token, with an unknown one, and with the error model', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }]) {
      const response = await t.app.inject({ url: '/user/me/', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthorized', detail: expect.any(String) });
    }
  });

  it('answers the user of spec §3 with profiles, saved card, associate memberships and stats', async () => {
    const response = await t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${await tokenOf('hanako')}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'hanako',
      email: 'hanako@kifu.example',
      registrationType: 'email',
      signsInWithEmail: true,
      profile: { id: expect.any(Number), nickname: 'はなこ', description: expect.any(String), snsIdTwitter: null, snsIdFacebook: null },
      privateProfile: {
        id: expect.any(Number),
        firstName: '花子',
        lastName: '山田',
        firstNameKana: 'ハナコ',
        lastNameKana: 'ヤマダ',
        gender: 2,
        birthday: '1988-04-12',
        country: 'JP',
        zipCode: '1540001',
        area: '東京都',
        city: '世田谷区',
        address1: '池尻2-4-5',
        address2: '',
        phone: '09012345678',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      avatarImage: { file: expect.stringMatching(/^\/backend\/media\/.+/) },
      draftCampaignCount: expect.any(Number),
      isActive: true,
      isStaff: false,
      isAdmin: false,
      lastLogin: null,
      mFirebaseUserId: null,
      notificationPreference: 'receive',
      tmpEmail: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // The demo customer does not exist at the provider here: no expiry, and no failure either.
      userCreditCard: {
        customer_code: 'cust_demo_hanako',
        brand: 'Visa',
        last_digits: '4242',
        name: 'HANAKO YAMADA',
        expiration_month: null,
        expiration_year: null,
      },
      associateMembers: [
        {
          id: expect.any(Number),
          associate: { id: 1, uid: expect.any(String), name: expect.any(String) },
          associateUid: expect.any(String),
          name: expect.any(String),
        },
        {
          id: expect.any(Number),
          associate: { id: 6, uid: expect.any(String), name: expect.any(String) },
          associateUid: expect.any(String),
          name: expect.any(String),
        },
      ],
      stats: { donation_count: expect.any(Number), donation_total: expect.any(Number) },
    });
    expect(user.associateMembers[0].associateUid).toBe(user.associateMembers[0].associate.uid);

    // Stats are the paid gifts, a portfolio gift counted once with its whole amount.
    const db = t.database.db;
    const [single] = await db
      .select({ total: sum(donations.amount).mapWith(Number) })
      .from(donations)
      .where(and(eq(donations.userId, user.id), eq(donations.status, 'paid'), isNull(donations.portfolioDonationId)));
    const [portfolio] = await db
      .select({ total: sum(portfolioDonations.amount).mapWith(Number) })
      .from(portfolioDonations)
      .where(and(eq(portfolioDonations.userId, user.id), eq(portfolioDonations.status, 'paid')));
    expect(user.stats.donation_total).toBe((single?.total ?? 0) + (portfolio?.total ?? 0));
    expect(user.stats.donation_total).toBeGreaterThan(0);
  });

  it('names associates in English with lang=en where a translation exists', async () => {
    const token = await tokenOf('kenta');
    const ja = (await t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${token}` } })).json();
    const en = (await t.app.inject({ url: '/user/me/?lang=en', headers: { authorization: `Bearer ${token}` } })).json();
    expect(ja.associateMembers).toHaveLength(1);
    expect(en.associateMembers[0].associateUid).toBe(ja.associateMembers[0].associateUid);
    expect(en.associateMembers[0].name).toMatch(/[A-Za-z]/);
  });
});

describe('PUT and PATCH /user/private_profile/update_me/', () => {
  const update = (method: 'PUT' | 'PATCH', token: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method, url: '/user/private_profile/update_me/', headers: token ? { authorization: `Bearer ${token}` } : {}, payload });

  it('answers 401 without a token', async () => {
    expect((await update('PUT', undefined, { first_name: 'a', last_name: 'b' })).statusCode).toBe(401);
  });

  it('validates with the domain rules and reports each field by its rule key', async () => {
    const token = await newUserToken('profile-invalid@example.com');
    const bad = await update('PUT', token, {
      first_name: ' ',
      first_name_kana: 'Taro',
      birthday: '1990-02-30',
      gender: 4,
      zip_code: '12345',
      phone: '090-1234-5678-9999-00',
      country: 'Japan',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'validation_failed',
      detail: expect.any(String),
      fields: {
        first_name: ['required'],
        last_name: ['required'],
        first_name_kana: ['pattern.katakana'],
        birthday: ['validate.date'],
        gender: ['value'],
        zip_code: ['pattern.postalCode'],
        phone: ['maxLength'],
        country: ['pattern'],
      },
    });
  });

  it('PUT stores the profile normalised and answers {user, id, names, …}; /user/me/ then shows it', async () => {
    const token = await newUserToken('profile-put@example.com');
    const response = await update('PUT', token, {
      first_name: ' 次郎 ',
      last_name: '佐藤',
      first_name_kana: 'じろう',
      last_name_kana: 'ｻﾄｳ',
      birthday: '2000-02-29',
      gender: '1',
      zip_code: '１５０-０００２',
      area: '東京都',
      city: '渋谷区',
      address1: '渋谷3-10-1',
      address2: 'ビル5F',
      phone: '０３-１２３４-５６７８',
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toEqual({
      user: expect.any(Number),
      id: expect.any(Number),
      first_name: '次郎',
      last_name: '佐藤',
      first_name_kana: 'ジロウ',
      last_name_kana: 'サトウ',
      gender: 1,
      birthday: '2000-02-29',
      country: 'JP',
      zip_code: '1500002',
      area: '東京都',
      city: '渋谷区',
      address1: '渋谷3-10-1',
      address2: 'ビル5F',
      phone: '0312345678',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const user = (await t.app.inject({ url: '/user/me/', headers: { authorization: `Bearer ${token}` } })).json();
    expect(user.id).toBe(profile.user);
    expect(user.privateProfile).toMatchObject({ id: profile.id, firstName: '次郎', zipCode: '1500002', phone: '0312345678', gender: 1 });
  });

  it('PATCH changes only the fields given (the wallet flow updates names and kana only); an empty string clears', async () => {
    const token = await newUserToken('profile-patch@example.com');
    await update('PUT', token, { first_name: '太郎', last_name: '山田', zip_code: '1500002', city: '渋谷区', birthday: '1990-01-02' });
    const patched = await update('PATCH', token, { first_name_kana: 'タロウ', last_name_kana: 'ヤマダ', birthday: '' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      first_name: '太郎',
      first_name_kana: 'タロウ',
      zip_code: '1500002',
      city: '渋谷区',
      birthday: null,
    });
    const empty = await update('PATCH', token, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ first_name: '太郎', zip_code: '1500002' });
  });
});
