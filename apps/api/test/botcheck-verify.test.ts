// The bot check against the sandbox's reCAPTCHA v3-compatible siteverify over real HTTP: only a
// fresh, unused token for action 'submit' scoring at least 0.5 passes; everything else fails
// closed with a reason, and a switched-off check passes everything.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { createApiMetrics } from '../src/metrics/api-metrics';
import { createBotCheck, type BotCheck } from '../src/providers/botcheck/bot-check';
import { startBankSandbox, type BankSandbox } from './helpers/start-bank-sandbox';
import { CALLS_HANG, IMPATIENT_TIMEOUT_MS } from './helpers/start-sandbox';

let sandbox: BankSandbox;
let botCheck: BotCheck;
const botCheckWith = (env: Record<string, string> = {}) => createBotCheck(loadConfig({ SANDBOX_URL: sandbox.url, ...env }));

beforeAll(async () => {
  sandbox = await startBankSandbox();
  botCheck = botCheckWith();
});
afterEach(() => sandbox.reset());
afterAll(() => sandbox.close());

const verify = (token: string | undefined, check = botCheck) => check.verifyBotCheckToken({ token, remoteIp: '203.0.113.7' });

describe('verifyBotCheckToken', () => {
  it('passes a fresh token for action submit with its score', async () => {
    expect(await verify(await sandbox.mintBotCheckToken())).toEqual({ ok: true, score: 0.9 });
    expect(await verify(await sandbox.mintBotCheckToken({ score: 0.5 }))).toEqual({ ok: true, score: 0.5 });
  });

  it('refuses a token used twice', async () => {
    const token = await sandbox.mintBotCheckToken();
    expect((await verify(token)).ok).toBe(true);
    expect(await verify(token)).toEqual({ ok: false, reason: 'invalid', errorCodes: ['timeout-or-duplicate'] });
  });

  it('refuses a token older than two minutes', async () => {
    const token = await sandbox.mintBotCheckToken();
    await sandbox.advanceClock(2 * 60_000 + 1_000);
    expect(await verify(token)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it("refuses a bot's low score", async () => {
    expect(await verify(await sandbox.mintBotCheckToken({ score: 0.1 }))).toEqual({ ok: false, reason: 'low_score', score: 0.1 });
    await sandbox.setBotCheck({ score: 0.4 });
    expect(await verify(await sandbox.mintBotCheckToken())).toMatchObject({ ok: false, reason: 'low_score', score: 0.4 });
  });

  it('refuses a token minted for another action', async () => {
    expect(await verify(await sandbox.mintBotCheckToken({ action: 'login' }))).toMatchObject({ ok: false, reason: 'wrong_action' });
  });

  it('refuses tokens the service rejects, and garbage', async () => {
    await sandbox.setBotCheck({ fail: true });
    expect(await verify(await sandbox.mintBotCheckToken())).toEqual({
      ok: false,
      reason: 'invalid',
      errorCodes: ['invalid-input-response'],
    });
    expect(await verify('not-a-token')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses a missing token without asking the service', async () => {
    expect(await verify(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(await verify('')).toEqual({ ok: false, reason: 'missing' });
  });

  it('fails closed when our secret is wrong or the service is down or slow', async () => {
    const wrongSecret = botCheckWith({ BOT_CHECK_SECRET: 'not-our-secret' });
    expect(await verify(await sandbox.mintBotCheckToken(), wrongSecret)).toEqual({
      ok: false,
      reason: 'unavailable',
      errorCodes: ['invalid-input-secret'],
    });

    await sandbox.setFaults({ errorRate: 1 });
    expect(await verify(await sandbox.mintBotCheckToken())).toEqual({ ok: false, reason: 'unavailable' });

    await sandbox.setFaults(CALLS_HANG);
    expect(await verify(await sandbox.mintBotCheckToken(), botCheckWith({ PROVIDER_TIMEOUT_MS: String(IMPATIENT_TIMEOUT_MS) }))).toEqual({
      ok: false,
      reason: 'unavailable',
    });

    const nowhere = createBotCheck(loadConfig({ BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/api/siteverify' }));
    expect(await verify('any', nowhere)).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('times siteverify and counts its failures by kind, and makes no call without a token (ADR 048)', async () => {
    const metrics = createApiMetrics();
    const observed = createBotCheck(loadConfig({ SANDBOX_URL: sandbox.url }), metrics);
    expect((await verify(await sandbox.mintBotCheckToken(), observed)).ok).toBe(true);
    expect(await verify(undefined, observed)).toEqual({ ok: false, reason: 'missing' });
    const nowhere = createBotCheck(loadConfig({ BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/api/siteverify' }), metrics);
    expect(await verify('any', nowhere)).toEqual({ ok: false, reason: 'unavailable' });

    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^kifu_provider_call_duration_seconds_count\{provider="bot_check",operation="siteverify"\} 2$/m);
    expect(text).toMatch(/^kifu_provider_call_errors_total\{provider="bot_check",operation="siteverify",kind="unreachable"\} 1$/m);
  });

  it('passes everything when switched off', async () => {
    const off = botCheckWith({ BOT_CHECK_ENABLED: 'false' });
    expect(await verify(undefined, off)).toEqual({ ok: true, score: null });
    expect(await verify(await sandbox.mintBotCheckToken({ score: 0.1 }), off)).toEqual({ ok: true, score: null });
  });
});
