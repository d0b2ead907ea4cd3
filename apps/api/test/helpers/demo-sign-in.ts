// A demo supporter signed in with the documented demo password, as the login form does it.
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/data/users';
import type { TestApp } from './build-test-app';
import { clientAddress } from './donation-requests';

export type DemoUser = 'hanako' | 'kenta' | 'misaki' | 'sho' | 'yumi' | 'takumi';

/** The access token and user id of a demo supporter. */
export async function demoSignIn(t: TestApp, key: DemoUser): Promise<{ token: string; userId: number }> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/oauth/token/',
    payload: { grant_type: 'password', username: `${key}@kifu.example`, password: DEMO_PASSWORD },
    remoteAddress: clientAddress(),
  });
  expect(login.statusCode).toBe(200);
  const token = login.json().access_token as string;
  const me = await t.app.inject({
    method: 'GET',
    url: '/user/me/',
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: clientAddress(),
  });
  return { token, userId: me.json().id as number };
}
