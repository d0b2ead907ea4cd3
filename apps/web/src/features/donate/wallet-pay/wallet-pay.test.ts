import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { DonateApi } from '../donate-api';
import type { DonationAnalyticsEvent } from '../submit/donation-analytics';
import { createDonationFormStore } from '../form/persisted-form-store';
import type { Feedback } from '../submit/donation-feedback';
import { submitDonation } from '../submit/submit-donation';
import { type SubmitDeps } from '../submit/submit-types';
import { emptyCard, emptyProfile } from '../form/field-values';
import { makeTarget, makeValues } from '../test-fixtures';
import type { WalletApi, WalletButtonConfig } from './wallet-api';
import { completeWalletCheckout, prepareWalletCheckout } from './wallet-checkout';
import { walletNameErrors, type WalletCheckout } from './wallet-donation';
import { namesOfBuyer, parseWalletFormState, takeWalletNotice, updateWalletPay, walletFormStateOf, walletPayStateOf } from './wallet-state';

const button: WalletButtonConfig = {
  merchant_id: 'M',
  ledger_currency: 'JPY',
  checkout_language: 'ja_JP',
  product_type: 'PayOnly',
  placement: 'Other',
  button_color: 'Gold',
  sandbox: true,
  checkout_script_url: 'http://wallet.test/checkout.js',
  create_checkout_session_config: { payload_json: '{"a":1}', signature: 'sig', public_key_id: 'pk', algorithm: 'AMZN-PAY-RSASSA-PSS-V2' },
};

function fakeWallet(steps: string[], overrides: Partial<WalletApi> = {}): WalletApi {
  return {
    saveFormState: vi.fn(async () => (steps.push('save-state'), 'key_1')),
    getFormState: vi.fn(async () => ''),
    signButton: vi.fn(async (body) => (steps.push(`sign:${body.amount}:${body.frequency}:${body.donate_session_key}`), button)),
    getCheckoutSession: vi.fn(async () => ({
      id: 'S1',
      state: 'Open' as const,
      reason_code: null,
      buyer: { name: '山田 花子', email: 'buyer@example.jp' },
      amount: null,
    })),
    startDonation: vi.fn(
      async (frequency, _body, key) => (
        steps.push(`start:${frequency}:${key}`),
        { id: 21, wallet_pay: { redirect_url: 'http://wallet.test/pay/S1' }, recurring_donation_id: null, status_token: 'st' }
      ),
    ),
    completeDonation: vi.fn(
      async (frequency, id, key) => (
        steps.push(`complete:${frequency}:${id}:${key}`),
        { id: 21, result: 'PAID' as const, amount: 3000, recurring_donation_id: null }
      ),
    ),
    ...overrides,
  };
}

function donateApi(steps: string[], logs: unknown[], duplicate = false): DonateApi {
  const unused = () => Promise.reject(new Error('not on the wallet path'));
  return {
    signup: unused,
    login: unused,
    registerUserCard: unused,
    createGuestCustomer: unused,
    createCardDonation: unused,
    createRecurringCardDonation: unused,
    createAnnualCardDonation: unused,
    createBankTransferDonation: unused,
    saveFormState: unused,
    getFormState: unused,
    getStatus: unused,
    checkDuplication: vi.fn(async (body) => (steps.push(`duplicate-check:${body.email}`), { possible_duplication: duplicate })),
    logSubmission: vi.fn(async (log) => void logs.push(log)),
  };
}

const wallet: WalletCheckout = {
  checkoutSessionId: 'S1',
  donateSessionKey: 'key_1',
  names: { lastName: '山田', firstName: '花子', lastNameKana: 'ヤマダ', firstNameKana: 'ハナコ' },
  buyerEmail: 'buyer@example.jp',
};

function reviewDeps(steps: string[], options: { duplicate?: boolean; walletApi?: WalletApi } = {}) {
  const feedback: Feedback[] = [];
  const logs: unknown[] = [];
  const events: DonationAnalyticsEvent[] = [];
  const walletApi = options.walletApi ?? fakeWallet(steps);
  const deps: SubmitDeps = {
    api: donateApi(steps, logs, options.duplicate),
    walletApi,
    feedback: (entry) => feedback.push(entry),
    methodLabel: () => 'ウォレットペイ',
    sleep: async () => undefined,
    track: (event) => void events.push(event),
    tokeniseCard: vi.fn(async () => Promise.reject(new Error('no card'))),
    botCheckToken: vi.fn(async () => (steps.push('bot-check'), 'bot-token')),
    confirmAddress: vi.fn(async () => (steps.push('address-dialog'), true)),
    confirmDuplicate: vi.fn(async () => (steps.push('duplicate-dialog'), false)),
    newIdempotencyKey: () => 'idem_1',
    rememberPending: vi.fn((pending) => void steps.push(`remember:${pending.paymentMethod}:${pending.donationId}`)),
    redirect: vi.fn((url: string) => void steps.push(`redirect:${url}`)),
    storeSession: vi.fn(async () => undefined),
  };
  return { deps, feedback, logs, events, walletApi };
}

// A wallet gift's form: no profile, no card, no email typed (the provider has them). The empty
// address would be "suspicious" (spec §5) on any other path.
const walletValues = () => makeValues({ paymentMethod: 'walletPay', email: '', profile: emptyProfile(), card: emptyCard() });

describe('the buyer name from the wallet provider', () => {
  it('splits Japanese names family name first and Latin ones given name first', () => {
    expect(namesOfBuyer('山田 花子')).toEqual({ lastName: '山田', firstName: '花子' });
    expect(namesOfBuyer('山田\u3000花子')).toEqual({ lastName: '山田', firstName: '花子' });
    expect(namesOfBuyer('Taro Suzuki')).toEqual({ lastName: 'Suzuki', firstName: 'Taro' });
    expect(namesOfBuyer('Mary Ann Smith')).toEqual({ lastName: 'Smith', firstName: 'Mary Ann' });
    expect(namesOfBuyer('Cher')).toEqual({ lastName: 'Cher', firstName: '' });
    expect(namesOfBuyer('  ')).toEqual({ lastName: '', firstName: '' });
  });
});

describe('the form kept across the provider pages', () => {
  it('round-trips the target, the form and the names, never the card', () => {
    const target = makeTarget({ campaign: { id: 9, title: 'c', status: 'published', rewards: [] } });
    const serialised = walletFormStateOf(target, walletValues(), { names: wallet.names, buyerEmail: wallet.buyerEmail });
    expect(serialised).not.toContain('4242424242424242');
    const restored = parseWalletFormState(serialised);
    expect(restored).toMatchObject({ associateUid: 'kodomo', campaignId: 9, names: wallet.names, buyerEmail: 'buyer@example.jp' });
    expect(restored?.form.option).toMatchObject({ paymentMethod: 'walletPay', frequency: 'single' });
    expect(restored?.form.amount).toEqual({ amount: '3000', promotionCode: '' });
  });

  it('does not restore what is not ours', () => {
    expect(parseWalletFormState('not json')).toBeUndefined();
    expect(parseWalletFormState('{"step":"payment"}')).toBeUndefined();
    expect(
      parseWalletFormState(JSON.stringify({ version: 1, kind: 'walletPay', associateUid: 'x', campaignId: null, form: '{}' })),
    ).toBeUndefined();
  });

  it('shows a notice once, and done clears the wallet data (spec §4)', () => {
    const store = createDonationFormStore(() => ({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined }));
    updateWalletPay(store, 'associate:1', { donateSessionKey: 'k', checkoutSessionId: 'S1' });
    updateWalletPay(store, 'associate:1', { notice: { kind: 'cancelled', message: 'Cancelled.' } });
    expect(takeWalletNotice(store, 'associate:1')).toEqual({ kind: 'cancelled', message: 'Cancelled.' });
    expect(takeWalletNotice(store, 'associate:1')).toBeUndefined();
    expect(walletPayStateOf(store.getState().entry('associate:1'))).toEqual({ donateSessionKey: 'k', checkoutSessionId: 'S1' });
    store.getState().setStatus('associate:1', 'done');
    expect(store.getState().entry('associate:1').walletPay).toBeUndefined();
  });
});

describe('leaving for the provider', () => {
  it('keeps the form first, then signs the checkout with its key and the amount charged', async () => {
    const steps: string[] = [];
    const remembered: string[] = [];
    const values = { ...walletValues(), frequency: 'monthly' as const, amount: '1000', isCommissionContains: true };
    const outcome = await prepareWalletCheckout(
      { values, target: makeTarget(), locale: 'ja' },
      { walletApi: fakeWallet(steps), rememberKey: (key) => remembered.push(key), methodLabel: () => 'ウォレットペイ' },
    );
    expect(outcome).toEqual({ status: 'ready', donateSessionKey: 'key_1', button });
    expect(steps).toEqual(['save-state', 'sign:1059:monthly:key_1']);
    expect(remembered).toEqual(['key_1']);
  });

  it('says why when the API refuses the amount', async () => {
    const steps: string[] = [];
    const walletApi = fakeWallet(steps, {
      signButton: vi.fn(async () =>
        Promise.reject(new ApiError(400, 'amount 7000000 is above the walletPay 上限 (upper limit) of 6000000 yen')),
      ),
    });
    const outcome = await prepareWalletCheckout(
      { values: { ...walletValues(), amount: '7000000' }, target: makeTarget(), locale: 'en' },
      { walletApi, rememberKey: () => undefined, methodLabel: () => 'Wallet Pay' },
    );
    expect(outcome).toEqual({
      status: 'failed',
      message: 'Support amount exceeded. If you choose Wallet Pay, the upper limitation is ¥6,000,000.',
    });
  });
});

describe('the review page runs the donation flow of spec §4 for wallet pay', () => {
  it("checks the buyer's email for duplicates, skips the address check, asks the bot check, then goes to the provider's approval", async () => {
    const steps: string[] = [];
    const { deps, walletApi, feedback } = reviewDeps(steps);
    const values = walletValues();
    const outcome = await submitDonation(
      { values, target: makeTarget(), locale: 'ja', now: new Date(), clientUri: 'http://web.test/', wallet },
      deps,
    );
    expect(outcome).toEqual({ status: 'redirected', donationId: 21 });
    expect(steps).toEqual([
      'duplicate-check:buyer@example.jp',
      'bot-check',
      'start:single:idem_1',
      'remember:walletPay:21',
      'redirect:http://wallet.test/pay/S1',
    ]);
    const body = vi.mocked(walletApi.startDonation).mock.calls[0]![1];
    expect(body).toMatchObject({
      payment_method: 'walletPay',
      amount: 3000,
      recaptcha_token: 'bot-token',
      donor: {
        last_name: '山田',
        first_name: '花子',
        last_name_kana: 'ヤマダ',
        first_name_kana: 'ハナコ',
        email: 'buyer@example.jp',
        country: 'JP',
      },
      wallet_pay: { checkout_session_id: 'S1', form_state: { donate_session_key: 'key_1' } },
    });
    expect(body.donor).not.toHaveProperty('zip_code');
    // The state kept again under the key carries the names the gift was started with.
    expect(parseWalletFormState(body.wallet_pay.form_state.state)?.names).toEqual(wallet.names);
    expect(feedback.at(-1)?.kind).toBe('loading');
  });

  it('monthly gifts use the recurring call', async () => {
    const steps: string[] = [];
    const { deps } = reviewDeps(steps);
    await submitDonation(
      {
        values: { ...walletValues(), frequency: 'monthly', amount: '1000' },
        target: makeTarget(),
        locale: 'ja',
        now: new Date(),
        clientUri: 'x',
        wallet,
      },
      deps,
    );
    expect(steps).toContain('start:monthly:idem_1');
  });

  it('stops without names or a buyer email, before any call', async () => {
    const steps: string[] = [];
    const { deps, logs } = reviewDeps(steps);
    const noNames = await submitDonation(
      {
        values: walletValues(),
        target: makeTarget(),
        locale: 'en',
        now: new Date(),
        clientUri: 'x',
        wallet: { ...wallet, names: { ...wallet.names, firstName: ' ' } },
      },
      deps,
    );
    expect(noNames).toMatchObject({ status: 'failed', message: 'Please enter your last and first names.' });
    const noEmail = await submitDonation(
      {
        values: walletValues(),
        target: makeTarget(),
        locale: 'ja',
        now: new Date(),
        clientUri: 'x',
        wallet: { ...wallet, buyerEmail: '' },
      },
      deps,
    );
    expect(noEmail.status).toBe('failed');
    expect(steps).toEqual([]);
    expect(logs).toHaveLength(2);
  });

  it('declining the duplicate warning cancels', async () => {
    const steps: string[] = [];
    const { deps } = reviewDeps(steps, { duplicate: true });
    const outcome = await submitDonation(
      { values: walletValues(), target: makeTarget(), locale: 'en', now: new Date(), clientUri: 'x', wallet },
      deps,
    );
    expect(outcome).toEqual({ status: 'cancelled', message: 'Cancelled.' });
    expect(steps).toEqual(['duplicate-check:buyer@example.jp', 'duplicate-dialog']);
  });
});

describe('back on the result page', () => {
  const input = {
    checkoutSessionId: 'S1',
    frequency: 'single' as const,
    target: makeTarget(),
    values: walletValues(),
    email: 'buyer@example.jp',
    locale: 'ja' as const,
  };

  it('completes the checkout: PAID is the contribution Done shows, logged as a wallet gift', async () => {
    const steps: string[] = [];
    const { deps, logs, feedback, events, walletApi } = reviewDeps(steps);
    const outcome = await completeWalletCheckout(input, { ...deps, walletApi });
    expect(outcome).toEqual({
      status: 'paid',
      contribution: {
        donationId: 21,
        paymentMethod: 'walletPay',
        frequency: 'single',
        amount: 3000,
        email: 'buyer@example.jp',
        statusToken: null,
        virtualAccount: null,
      },
    });
    expect(steps).toEqual(['complete:single:S1:idem_1']);
    expect(logs).toEqual([expect.objectContaining({ payment_method: 4, frequency: 1, success: true, user_email: 'buyer@example.jp' })]);
    expect(feedback.at(-1)).toEqual({ kind: 'completed', message: '完了しました。' });
    expect(events).toEqual([
      {
        event: 'donation_submit',
        status: 'completed',
        payment_method: 'walletPay',
        frequency: 'single',
        amount: 3000,
        currency: 'JPY',
        associate_id: 1,
        campaign_id: null,
        portfolio_id: null,
      },
    ]);
  });

  it('shows the wallet rejection when the provider declined', async () => {
    const steps: string[] = [];
    const walletApi = fakeWallet(steps, {
      completeDonation: vi.fn(async () =>
        Promise.reject(new ApiError(422, 'wallet Declined: rejected by the wallet payment provider (declined)')),
      ),
    });
    const { deps, logs, events } = reviewDeps(steps, { walletApi });
    const outcome = await completeWalletCheckout(input, { ...deps, walletApi });
    expect(outcome).toEqual({
      status: 'failed',
      message: 'ウォレット決済サービスで決済が拒否されました。別のお支払い方法をお試しください。',
    });
    expect(logs).toEqual([expect.objectContaining({ payment_method: 4, success: false })]);
    expect(events).toMatchObject([{ status: 'failed', payment_method: 'walletPay' }]);
  });
});

describe('the names checked on the review page', () => {
  const names = { lastName: '山田', firstName: '花子', lastNameKana: '', firstNameKana: '' };

  it('asks for the phonetic names only where the associate requires them (spec §5, associate 29)', () => {
    expect(walletNameErrors(names, 1)).toEqual({});
    expect(walletNameErrors(names, 29)).toEqual({
      lastNameKana: { rule: 'required', params: {} },
      firstNameKana: { rule: 'required', params: {} },
    });
    expect(walletNameErrors({ ...names, lastNameKana: 'やまだ', firstNameKana: 'ハナコ' }, 29)).toEqual({});
  });

  it('names each wrong field: missing names, kana that is not katakana', () => {
    expect(walletNameErrors({ ...names, firstName: ' ', lastNameKana: '山田' }, 1)).toEqual({
      firstName: expect.objectContaining({ rule: 'required' }),
      lastNameKana: { rule: 'pattern.katakana', params: {} },
    });
  });

  it('the readiness check agrees: a wallet gift to associate 29 without kana is not started', async () => {
    const steps: string[] = [];
    const { deps } = reviewDeps(steps);
    const target = makeTarget({ associate: { ...makeTarget().associate, id: 29 } });
    const outcome = await submitDonation(
      { values: walletValues(), target, locale: 'en', now: new Date(), clientUri: 'x', wallet: { ...wallet, names } },
      deps,
    );
    expect(outcome.status).toBe('failed');
    expect(steps).toEqual([]);
  });
});
