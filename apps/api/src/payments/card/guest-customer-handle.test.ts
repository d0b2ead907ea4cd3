import { describe, expect, it } from 'vitest';
import { GUEST_CUSTOMER_HANDLE_TTL_MS, isGuestCustomerHandleValid, issueGuestCustomerHandle } from './guest-customer-handle';

const KEY = 'skey_test_handle';
const binding = { customerId: 'cust_test_1', email: 'Hanako@Example.com' };
const now = Date.UTC(2026, 10, 24, 12);

describe('guest customer handle', () => {
  const handle = issueGuestCustomerHandle(KEY, binding, now);

  it('opens its own customer for its own email (case and spaces aside) until it expires', () => {
    expect(isGuestCustomerHandleValid(KEY, handle, binding, now)).toBe(true);
    expect(
      isGuestCustomerHandleValid(KEY, handle, { ...binding, email: ' hanako@example.com ' }, now + GUEST_CUSTOMER_HANDLE_TTL_MS - 1),
    ).toBe(true);
    expect(isGuestCustomerHandleValid(KEY, handle, binding, now + GUEST_CUSTOMER_HANDLE_TTL_MS)).toBe(false);
  });

  it('opens no other customer, no other email, under no other key', () => {
    expect(isGuestCustomerHandleValid(KEY, handle, { ...binding, customerId: 'cust_test_2' }, now)).toBe(false);
    expect(isGuestCustomerHandleValid(KEY, handle, { ...binding, email: 'taro@example.com' }, now)).toBe(false);
    expect(isGuestCustomerHandleValid('skey_other', handle, binding, now)).toBe(false);
  });

  it('refuses a missing, malformed or stretched handle', () => {
    const [version, expiry, mac] = handle.split('.');
    const later = (now + 10 * GUEST_CUSTOMER_HANDLE_TTL_MS).toString(36);
    for (const forged of [
      undefined,
      '',
      'g1',
      `${version}.${expiry}`,
      `${version}.${later}.${mac}`,
      `${handle}.x`,
      `g0.${expiry}.${mac}`,
      `${version}.zzzzzzzzzzzzz.${mac}`,
    ]) {
      expect(isGuestCustomerHandleValid(KEY, forged, binding, now)).toBe(false);
    }
  });
});
