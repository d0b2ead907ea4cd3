import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { VaultError } from '../card/card-vault';
import type { SupporterApi } from '../supporter/signed-in-flow';
import type { SignedInSupporter } from '../supporter/signed-in-supporter';
import { createSubmissionQueue } from './submission-queue';
import { submitDonation } from './submit-donation';
import { type SubmitInput } from './submit-types';
import { makeStoredProfile, makeTarget, makeValues } from '../test-fixtures';

import { input, setup, virtualAccount } from './submit-test-setup';

describe('submitDonation', () => {
  it('runs the card path of spec §4 in order and leaves for 3-D Secure', async () => {
    const { deps, steps, api, feedback, logs, events } = setup();
    const outcome = await submitDonation(input(), deps);
    expect(outcome).toEqual({ status: 'redirected', donationId: 10 });
    expect(steps).toEqual([
      'duplicate-check',
      'bot-check',
      'tokenise',
      'customer:key1',
      'donation:key2',
      'remember',
      'form-state',
      'redirect:http://bank.test/3ds/10',
    ]);
    const body = vi.mocked(api.createCardDonation).mock.calls[0]![0];
    expect(body).toMatchObject({
      amount: 3000,
      customer_id: 'cust_1',
      customer_handle: 'g1.handle',
      client_uri: 'http://localhost/associate/kodomo/donate/confirmation',
      recaptcha_token: 'bot-token',
      payment_method: 'creditCard',
      associate_id: 1,
      campaign_id: null,
      type: 1,
      lang: 'ja',
      survey_answers: [{ question_id: 5, choice_ids: [51] }],
      donor: {
        last_name: '山田',
        first_name: '花子',
        zip_code: '1000001',
        phone: '0312345678',
        birthday: '1990-04-01',
        email: 'hanako@example.com',
      },
    });
    expect(JSON.stringify(body)).not.toContain('4242424242424242');
    expect(vi.mocked(deps.rememberPending).mock.calls[0]![0]).toEqual({
      donationId: 10,
      statusToken: 'st_10',
      paymentMethod: 'creditCard',
      frequency: 'single',
      amount: 3000,
      email: 'hanako@example.com',
      messageId: null,
    });
    expect(vi.mocked(api.saveFormState).mock.calls[0]!.slice(0, 1)).toEqual([10]);
    expect(feedback.map((entry) => entry.kind)).toEqual(['loading', 'loading']);
    // Logged when the gift is settled after 3-D Secure, not now.
    expect(logs).toEqual([]);
    expect(events).toEqual([]);
  });

  it('starts a monthly gift at /donation/recurring/', async () => {
    const { deps, steps } = setup();
    const outcome = await submitDonation(input({ frequency: 'monthly', amount: '1000' }), deps);
    expect(outcome).toEqual({ status: 'redirected', donationId: 11 });
    expect(steps).toContain('recurring:key2');
    expect(vi.mocked(deps.rememberPending).mock.calls[0]![0]).toMatchObject({ donationId: 11, statusToken: null, frequency: 'monthly' });
  });

  it('starts an annual membership of the chosen plan at /donation/recurring/annual/', async () => {
    const { deps, steps, logs } = setup();
    const outcome = await submitDonation(input({ frequency: 'annual', membershipPlanId: '12', amount: '10000' }), deps);
    expect(outcome).toEqual({ status: 'redirected', donationId: 13 });
    expect(steps).toContain('annual:12:10000:key2');
    expect(vi.mocked(deps.rememberPending).mock.calls[0]![0]).toMatchObject({
      donationId: 13,
      statusToken: 'st_13',
      frequency: 'annual',
      amount: 10000,
    });
    expect(logs).toEqual([]);
  });

  it('stops an annual membership without a plan at the plan step (spec §5)', async () => {
    const { deps, steps, logs } = setup();
    const outcome = await submitDonation(input({ frequency: 'annual', membershipPlanId: '', amount: '10000' }), deps);
    expect(outcome).toEqual({ status: 'failed', message: '会員プランを選択してください。', step: 'amount' });
    expect(steps).toEqual([]);
    expect(logs).toMatchObject([{ frequency: 3, success: false, feedback_message: '会員プランを選択してください。' }]);
  });

  it('gives to a portfolio: the duplicate check asks by portfolio, the message written with the gift is remembered', async () => {
    const { deps, api } = setup({
      apiOverrides: {
        createCardDonation: vi.fn(async () => ({
          donation: { id: 10, is_anonymous: false, donation_message: { id: 77 } },
          authorize_uri: 'http://bank.test/3ds/10',
          status_token: 'st_10',
        })),
      },
    });
    const portfolio = { id: 2, name: 'Planet', compositions: [{ associateId: 2, name: 'A', logoUrl: '/a.svg', shareBp: 10_000 }] };
    await submitDonation(
      { ...input({ survey: {} }), target: makeTarget({ portfolio, associate: { ...makeTarget().associate, surveyQuestions: [] } }) },
      deps,
    );
    expect(api.checkDuplication).toHaveBeenCalledWith({ portfolio_id: 2, email: 'hanako@example.com' });
    expect(vi.mocked(api.createCardDonation).mock.calls[0]![0]).toMatchObject({ type: 3, portfolio_id: 2 });
    expect(vi.mocked(deps.rememberPending).mock.calls[0]![0]).toMatchObject({ donationId: 10, messageId: 77 });
  });

  it('issues a virtual account for a bank transfer, with no card step', async () => {
    const { deps, steps, feedback, logs, events } = setup();
    const outcome = await submitDonation(
      input({ paymentMethod: 'bankTransfer', card: { holder: '', number: '', expirationMonth: '', expirationYear: '', cvc: '' } }),
      deps,
    );
    expect(outcome).toEqual({
      status: 'paid',
      contribution: {
        donationId: 12,
        paymentMethod: 'bankTransfer',
        frequency: 'single',
        amount: 3000,
        email: 'hanako@example.com',
        virtualAccount,
        statusToken: null,
        messageId: null,
      },
    });
    expect(steps).toEqual(['duplicate-check', 'bot-check', 'deposit:key1']);
    expect(feedback.at(-1)).toEqual({ kind: 'completed', message: '完了しました。' });
    expect(logs).toEqual([
      expect.objectContaining({ payment_method: 7, frequency: 1, associate_id: 1, amount: 3000, success: true, user_id: null }),
    ]);
    expect(events).toEqual([
      {
        event: 'donation_submit',
        status: 'completed',
        payment_method: 'bankTransfer',
        frequency: 'single',
        amount: 3000,
        currency: 'JPY',
        associate_id: 1,
        campaign_id: null,
        portfolio_id: null,
      },
    ]);
  });

  it('asks to confirm a suspicious address and stops with Cancelled. when declined', async () => {
    const { deps, steps, feedback, logs, events } = setup({ supporterConfirmsAddress: false });
    const values = makeValues();
    values.profile.address.street = '千代田';
    const outcome = await submitDonation({ ...input(), values }, deps);
    expect(outcome).toEqual({ status: 'cancelled', message: 'キャンセルしました。' });
    expect(vi.mocked(deps.confirmAddress).mock.calls[0]![0]).toEqual(['streetHasNoDigit']);
    expect(steps).toEqual(['address-dialog']);
    expect(feedback).toEqual([{ kind: 'cancelled', message: 'キャンセルしました。' }]);
    expect(logs).toEqual([expect.objectContaining({ success: false, feedback_message: 'キャンセルしました。' })]);
    expect(events).toMatchObject([{ event: 'donation_submit', status: 'cancelled', payment_method: 'creditCard', amount: 3000 }]);
    // Never personal data in the analytics event.
    expect(JSON.stringify(events)).not.toMatch(/hanako|山田|千代田|4242/);
  });

  it('goes on after a confirmed suspicious address', async () => {
    const { deps, steps } = setup({ supporterConfirmsAddress: true });
    const values = makeValues();
    values.profile.address.street = '千代田';
    await submitDonation({ ...input(), values }, deps);
    expect(steps.slice(0, 3)).toEqual(['address-dialog', 'duplicate-check', 'bot-check']);
  });

  it('asks about a possible duplicate and cancels when declined', async () => {
    const { deps, steps, feedback } = setup({ possibleDuplicate: true, supporterConfirmsDuplicate: false });
    const outcome = await submitDonation(input(), deps);
    expect(outcome.status).toBe('cancelled');
    expect(steps).toEqual(['duplicate-check', 'duplicate-dialog']);
    expect(feedback.at(-1)?.kind).toBe('cancelled');
  });

  it('gives again when a duplicate is confirmed', async () => {
    const { deps, steps } = setup({ possibleDuplicate: true, supporterConfirmsDuplicate: true });
    await submitDonation(input(), deps);
    expect(steps.slice(0, 3)).toEqual(['duplicate-check', 'duplicate-dialog', 'bot-check']);
  });

  it('stops at the email before anything else', async () => {
    const { deps, steps } = setup();
    const outcome = await submitDonation(input({ email: '' }), deps);
    expect(outcome).toEqual({ status: 'failed', message: 'メールアドレスを入力してください。', step: 'info' });
    expect(steps).toEqual([]);
  });

  it('fails with the bot-check message when no token can be had', async () => {
    const { deps, steps } = setup();
    deps.botCheckToken = async () => {
      throw new Error('script blocked');
    };
    const outcome = await submitDonation(input(), deps);
    expect(outcome).toEqual({ status: 'failed', message: 'reCAPTCHAによるアクセスの認証に失敗しました。', step: undefined });
    expect(steps).toEqual(['duplicate-check']);
  });

  it('skips the bot check when no site key is configured', async () => {
    const { deps, steps, api } = setup();
    deps.botCheckToken = null;
    await submitDonation(input(), deps);
    expect(steps).not.toContain('bot-check');
    expect(vi.mocked(api.createCardDonation).mock.calls[0]![0].recaptcha_token).toBeUndefined();
  });

  it('maps a card refused by the vault to its message and goes back to the card', async () => {
    const { deps } = setup();
    deps.tokeniseCard = async () => {
      throw new VaultError('invalid_card', 'expiration date cannot be in the past');
    };
    const outcome = await submitDonation(input(), deps);
    expect(outcome).toEqual({ status: 'failed', message: 'このカードはご利用いただけません。', step: 'info' });
  });

  it('maps server details through the catalogue, amount limits included', async () => {
    const { deps } = setup({
      apiOverrides: {
        createCardDonation: async () => {
          throw new ApiError(422, '支援金額が上限を超えています。');
        },
      },
    });
    const outcome = await submitDonation(input(), deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: '支援金額が上限を超えています。クレジットカードをお選びの場合、上限は6,000,000円です。',
    });
  });

  it('says to wait when the API refuses for too many calls a minute, and does not call again', async () => {
    const createGuestCustomer = vi.fn(async () => {
      throw new ApiError(429, 'retry after 1 minute', 'rate_limited');
    });
    const { deps, api } = setup({ apiOverrides: { createGuestCustomer } });
    await expect(submitDonation(input(), deps)).resolves.toMatchObject({
      status: 'failed',
      message: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
    });
    expect(createGuestCustomer).toHaveBeenCalledTimes(1);
    expect(api.createCardDonation).not.toHaveBeenCalled();
  });

  it('retries a money-moving call with the same idempotency key, and only retryable failures', async () => {
    let calls = 0;
    const keys: string[] = [];
    const { deps } = setup({
      apiOverrides: {
        createBankTransferDonation: async (_body, key) => {
          keys.push(key);
          calls += 1;
          if (calls === 1) throw new NetworkError(new TypeError('fetch failed'));
          if (calls === 2) throw new ApiError(409, 'in progress');
          return { donation: { id: 12, is_anonymous: false, donation_message: null }, virtual_account: virtualAccount };
        },
      },
    });
    const outcome = await submitDonation(input({ paymentMethod: 'bankTransfer' }), deps);
    expect(outcome.status).toBe('paid');
    expect(keys).toEqual(['key1', 'key1', 'key1']);
  });

  it('does not retry a refusal and says the server may not be responding when it never answers', async () => {
    const refusing = setup({
      apiOverrides: {
        createBankTransferDonation: vi.fn(async () => {
          throw new ApiError(422, 'reCAPTCHA verification failed');
        }),
      },
    });
    await expect(submitDonation(input({ paymentMethod: 'bankTransfer' }), refusing.deps)).resolves.toEqual({
      status: 'failed',
      message: 'reCAPTCHAによるアクセスの認証に失敗しました。',
      step: undefined,
    });
    expect(refusing.api.createBankTransferDonation).toHaveBeenCalledTimes(1);

    const silent = setup({
      apiOverrides: {
        createBankTransferDonation: vi.fn(async () => {
          throw new NetworkError(new TypeError('fetch failed'));
        }),
      },
    });
    const outcome = await submitDonation(input({ paymentMethod: 'bankTransfer' }), silent.deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: 'サーバーが応答していない可能性があります。しばらくしてから再度お試しください。',
      step: undefined,
    });
    expect(silent.api.createBankTransferDonation).toHaveBeenCalledTimes(3);
  });

  it('fails the duplicate check with its own message', async () => {
    const { deps } = setup({
      apiOverrides: {
        checkDuplication: async () => {
          throw new NetworkError(new TypeError('fetch failed'));
        },
      },
    });
    await expect(submitDonation(input(), deps)).resolves.toMatchObject({
      status: 'failed',
      message: '重複した支援がないかを確認できませんでした。',
    });
  });

  it('speaks English on the English site', async () => {
    const { deps } = setup({ supporterConfirmsAddress: false });
    const values = makeValues();
    values.profile.address.street = 'Chiyoda';
    const outcome = await submitDonation({ ...input(), values, locale: 'en' }, deps);
    expect(outcome).toEqual({ status: 'cancelled', message: 'Cancelled.' });
  });
});

describe('submitDonation with a password (sign-up at confirmation)', () => {
  it('signs up, logs in, keeps the session, registers the card on the user and gives with the token', async () => {
    const { deps, steps, api } = setup();
    const outcome = await submitDonation(input({ password: 'secret123' }), deps);
    expect(outcome).toEqual({ status: 'redirected', donationId: 10, accessToken: 'at_login' });
    // The sign-up spends a bot-check token of its own (ADR 056).
    expect(steps).toEqual([
      'duplicate-check',
      'bot-check',
      'tokenise',
      'bot-check',
      'signup',
      'login',
      'session:at_login',
      'user-card:tokn_test_1:at_login',
      'donation:key1:at_login',
      'remember',
      'form-state',
      'redirect:http://bank.test/3ds/10',
    ]);
    expect(api.createGuestCustomer).not.toHaveBeenCalled();
    expect(vi.mocked(api.signup).mock.calls[0]![0]).toEqual({
      email: 'hanako@example.com',
      password: 'secret123',
      private_profile: {
        first_name: '花子',
        last_name: '山田',
        first_name_kana: '',
        last_name_kana: '',
        birthday: '1990-04-01',
        zip_code: '1000001',
        area: '東京都',
        city: '千代田区',
        address1: '千代田1-1',
        address2: '',
        phone: '0312345678',
      },
      avatar_image: { file: null },
      recaptcha_token: 'bot-token',
    });
    expect(api.login).toHaveBeenCalledWith({ username: 'hanako@example.com', password: 'secret123' });
    expect(deps.storeSession).toHaveBeenCalledWith({ accessToken: 'at_login', expiresIn: 5_184_000, email: 'hanako@example.com' });
    expect(vi.mocked(api.createCardDonation).mock.calls[0]![0]).toMatchObject({ customer_id: 'cus_user_7', payment_method: 'creditCard' });
  });

  it('starts a monthly gift with the token too', async () => {
    const { deps, steps } = setup();
    await submitDonation(input({ password: 'secret123', frequency: 'monthly', amount: '1000' }), deps);
    expect(steps).toContain('recurring:key1:at_login');
  });

  it('signs up before the deposit call of a bank transfer', async () => {
    const { deps, steps } = setup();
    const outcome = await submitDonation(input({ password: 'secret123', paymentMethod: 'bankTransfer' }), deps);
    expect(outcome).toMatchObject({ status: 'paid', accessToken: 'at_login' });
    expect(steps).toEqual(['duplicate-check', 'bot-check', 'bot-check', 'signup', 'login', 'session:at_login', 'deposit:key1:at_login']);
  });

  it.each([
    ['validation_failed: email must be unique', 'This E-Mail is already used.'],
    ['password must be at least 6 characters', 'Password must be at least 6 characters.'],
    ['something else', 'An unknown error has been occurred during signing up.'],
    ['Failed to authorize access by reCAPTCHA.', 'Failed to authorize access by reCAPTCHA.'],
  ])('shows the sign-up message of the catalogue (%s) and stops before the card', async (detail, message) => {
    const { deps, steps, feedback, api } = setup({
      apiOverrides: {
        signup: vi.fn(async () => {
          throw new ApiError(400, detail, 'validation_failed');
        }),
      },
    });
    const outcome = await submitDonation({ ...input({ password: 'secret123' }), locale: 'en' }, deps);
    expect(outcome).toEqual({ status: 'failed', message, step: undefined });
    expect(steps).toEqual(['duplicate-check', 'bot-check', 'tokenise', 'bot-check']);
    expect(api.signup).toHaveBeenCalledTimes(1);
    expect(deps.storeSession).not.toHaveBeenCalled();
    expect(feedback.at(-1)).toEqual({ kind: 'error', message });
  });

  it("fails with the bot-check message, signing nobody up, when the sign-up's own token cannot be had", async () => {
    const { deps, api } = setup();
    deps.botCheckToken = vi.fn().mockResolvedValueOnce('bot-token').mockRejectedValueOnce(new Error('script blocked'));
    const outcome = await submitDonation({ ...input({ password: 'secret123' }), locale: 'en' }, deps);
    expect(outcome).toMatchObject({ status: 'failed', message: 'Failed to authorize access by reCAPTCHA.' });
    expect(api.signup).not.toHaveBeenCalled();
  });

  it('reports a failed login after the sign-up with the login message', async () => {
    const { deps } = setup({
      apiOverrides: {
        login: async () => {
          throw new ApiError(400, 'invalid_grant: no active account matches this username and password');
        },
      },
    });
    const outcome = await submitDonation({ ...input({ password: 'secret123' }), locale: 'en' }, deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: 'No valid account was found for given pair of E-Mail and Password.',
      step: undefined,
    });
  });

  it('keeps the new account when the card is refused on it, and a retry does not sign up again', async () => {
    const refused = setup({
      apiOverrides: {
        registerUserCard: async () => {
          throw new ApiError(502, 'card provider unavailable');
        },
      },
    });
    const outcome = await submitDonation({ ...input({ password: 'secret123' }), locale: 'en' }, refused.deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: 'Failed to update credit card information.',
      step: 'info',
      accessToken: 'at_login',
    });
    expect(refused.api.createCardDonation).not.toHaveBeenCalled();

    const retry = setup();
    await submitDonation({ ...input({ password: 'secret123' }), accessToken: 'at_login' }, retry.deps);
    expect(retry.api.signup).not.toHaveBeenCalled();
    expect(retry.steps).toContain('user-card:tokn_test_1:at_login');
    expect(retry.steps).toContain('donation:key1:at_login');
  });

  it('goes on with the token when the session cookie cannot be stored', async () => {
    const { deps, api } = setup();
    deps.storeSession = async () => {
      throw new Error('offline');
    };
    const outcome = await submitDonation(input({ password: 'secret123' }), deps);
    expect(outcome.status).toBe('redirected');
    expect(api.createCardDonation).toHaveBeenCalledWith(expect.anything(), 'key1', 'at_login');
  });
});

describe('one submission at a time', () => {
  it('drops a submission made while another one runs', async () => {
    const queue = createSubmissionQueue();
    const { deps, api } = setup();
    let release!: () => void;
    deps.botCheckToken = () =>
      new Promise((resolve) => {
        release = () => resolve('bot-token');
      });
    const first = queue.run(() => submitDonation(input(), deps));
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(queue.busy).toBe(true);
    const second = await queue.run(() => submitDonation(input(), deps));
    expect(second).toEqual({ ran: false });
    release();
    await expect(first).resolves.toMatchObject({ ran: true, value: { status: 'redirected' } });
    expect(api.checkDuplication).toHaveBeenCalledTimes(1);
    expect(api.createCardDonation).toHaveBeenCalledTimes(1);
    expect(queue.busy).toBe(false);
    await expect(queue.run(async () => 'again')).resolves.toEqual({ ran: true, value: 'again' });
  });
});

describe('submitDonation for a signed-in supporter (session cookie)', () => {
  const savedCard = {
    customerCode: 'cust_saved',
    brand: 'Visa',
    lastDigits: '4242',
    name: 'HANAKO YAMADA',
    expirationMonth: 12,
    expirationYear: 2030,
    expiry: 'valid' as const,
  };
  const storedProfile = makeStoredProfile();
  const supporter: SignedInSupporter = { id: 7, email: 'hanako@example.com', privateProfile: storedProfile, savedCard };

  function signedIn(options: { recurring?: number; switchAnswer?: boolean; recurringFails?: boolean; profileFails?: boolean } = {}) {
    const context = setup();
    const supporterApi: SupporterApi = {
      activeCardRecurring: vi.fn(async () => {
        context.steps.push('card-recurring');
        if (options.recurringFails) throw new NetworkError(new Error('offline'));
        const items = Array.from({ length: options.recurring ?? 0 }, (_, index) => ({
          id: index + 1,
          associate_name: `団体${index + 1}`,
          portfolio_name: '',
          recurring_donation_name: '山田 花子',
        }));
        return { count: items.length, card: { brand: 'Visa', last_digits: '4242' }, recurring_donations: items };
      }),
      updatePrivateProfile: vi.fn(async () => {
        context.steps.push('profile-update');
        if (options.profileFails) throw new ApiError(500, 'boom');
      }),
    };
    context.deps.supporterApi = supporterApi;
    context.deps.confirmCardSwitch = vi.fn(async () => {
      context.steps.push('switch-dialog');
      return options.switchAnswer ?? false;
    });
    return { ...context, supporterApi };
  }
  const signedInInput = (values: Partial<SubmitInput['values']> = {}, who: SignedInSupporter = supporter): SubmitInput => ({
    ...input(values),
    supporter: who,
  });

  it('pays with the saved card: no tokenisation, no card registration, the saved customer', async () => {
    const { deps, steps, api } = signedIn();
    const outcome = await submitDonation(
      signedInInput({ useSavedCard: true, card: { holder: '', number: '', expirationMonth: '', expirationYear: '', cvc: '' } }),
      deps,
    );
    expect(outcome).toEqual({ status: 'redirected', donationId: 10 });
    expect(steps).toEqual(['duplicate-check', 'bot-check', 'donation:key1', 'remember', 'form-state', 'redirect:http://bank.test/3ds/10']);
    expect(vi.mocked(api.createCardDonation).mock.calls[0]![0].customer_id).toBe('cust_saved');
  });

  it('registers a new card on the user (the cookie authenticates) when no recurring support runs on the saved card', async () => {
    const { deps, steps, api } = signedIn({ recurring: 0 });
    await submitDonation(signedInInput(), deps);
    expect(steps).toEqual([
      'duplicate-check',
      'card-recurring',
      'bot-check',
      'tokenise',
      'user-card:tokn_test_1:undefined',
      'donation:key1',
      'remember',
      'form-state',
      'redirect:http://bank.test/3ds/10',
    ]);
    expect(vi.mocked(api.registerUserCard).mock.calls[0]![0]).toEqual({ token: 'tokn_test_1' });
    expect(vi.mocked(api.createCardDonation).mock.calls[0]![0].customer_id).toBe('cus_user_7');
    expect(deps.confirmCardSwitch).not.toHaveBeenCalled();
  });

  it.each([true, false])('asks to move the recurring support to the new card (step 4) and passes the answer %s on', async (answer) => {
    const { deps, steps, api } = signedIn({ recurring: 3, switchAnswer: answer });
    const outcome = await submitDonation(signedInInput(), deps);
    expect(outcome.status).toBe('redirected');
    expect(steps.slice(0, 4)).toEqual(['duplicate-check', 'card-recurring', 'switch-dialog', 'bot-check']);
    expect(vi.mocked(deps.confirmCardSwitch!).mock.calls[0]![0]).toEqual([
      { associateName: '団体1', donorName: '山田 花子' },
      { associateName: '団体2', donorName: '山田 花子' },
      { associateName: '団体3', donorName: '山田 花子' },
    ]);
    expect(vi.mocked(api.registerUserCard).mock.calls[0]![0]).toEqual({ token: 'tokn_test_1', move_recurring: answer });
  });

  it('fails with the recurring-status message, before any card step, when the support cannot be fetched', async () => {
    const { deps, steps } = signedIn({ recurringFails: true });
    const outcome = await submitDonation(signedInInput(), deps);
    expect(outcome).toEqual({
      status: 'failed',
      message: '登録済みのクレジットカードで継続中の支援を確認できませんでした。',
      step: 'info',
    });
    expect(steps).toEqual(['duplicate-check', 'card-recurring']);
  });

  it('never pays with an expired saved card: a new card is tokenised and registered, and recurring support may move to it', async () => {
    const expired: SignedInSupporter = {
      ...supporter,
      savedCard: { ...savedCard, expirationMonth: 1, expirationYear: 2020, expiry: 'expired' },
    };
    const { deps, steps, api } = signedIn({ recurring: 1, switchAnswer: true });
    const outcome = await submitDonation(signedInInput({ useSavedCard: true }, expired), deps);
    expect(outcome.status).toBe('redirected');
    expect(steps).toEqual(expect.arrayContaining(['card-recurring', 'switch-dialog', 'tokenise', 'user-card:tokn_test_1:undefined']));
    expect(vi.mocked(api.createCardDonation).mock.calls[0]![0].customer_id).toBe('cus_user_7');
  });

  it("logs the signed-in supporter's id with the submission", async () => {
    const { deps, logs } = signedIn();
    await submitDonation(signedInInput({ paymentMethod: 'bankTransfer' }), deps);
    expect(logs).toEqual([expect.objectContaining({ user_id: 7, success: true })]);
  });

  it('does not ask when the saved card is used, nor for a guest', async () => {
    const saved = signedIn({ recurring: 2 });
    await submitDonation(signedInInput({ useSavedCard: true }), saved.deps);
    expect(saved.steps).not.toContain('card-recurring');
    const guest = signedIn({ recurring: 2 });
    await submitDonation(input(), guest.deps);
    expect(guest.steps).not.toContain('card-recurring');
    expect(guest.steps).toContain('customer:key1');
  });

  it('updates the private profile after a successful start when the entered one differs, and not otherwise', async () => {
    const same = signedIn();
    await submitDonation(signedInInput({ useSavedCard: true }), same.deps);
    expect(same.supporterApi.updatePrivateProfile).not.toHaveBeenCalled();

    const moved = signedIn();
    const values = makeValues({ useSavedCard: true });
    values.profile.address.street = '丸の内2-2';
    await submitDonation({ ...signedInInput(), values }, moved.deps);
    expect(moved.steps.slice(-3)).toEqual(['form-state', 'profile-update', 'redirect:http://bank.test/3ds/10']);
    expect(vi.mocked(moved.supporterApi.updatePrivateProfile).mock.calls[0]![0]).toMatchObject({
      address1: '丸の内2-2',
      last_name: '山田',
      zip_code: '1000001',
    });
  });

  it('still gives when the profile update fails, and updates nothing when the start fails', async () => {
    const failing = signedIn({ profileFails: true });
    const values = makeValues({ paymentMethod: 'bankTransfer' });
    values.profile.phoneNumber = '09099998888';
    const outcome = await submitDonation({ ...signedInInput(), values }, failing.deps);
    expect(outcome.status).toBe('paid');
    expect(failing.steps).toContain('profile-update');

    const refused = signedIn();
    vi.mocked(refused.api.createBankTransferDonation).mockRejectedValue(new ApiError(422, 'payment rejected'));
    await submitDonation({ ...signedInInput(), values }, refused.deps);
    expect(refused.supporterApi.updatePrivateProfile).not.toHaveBeenCalled();
  });
});
