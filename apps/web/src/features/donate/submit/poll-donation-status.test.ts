import { describe, expect, it } from 'vitest';
import type { DonationStatus } from '../donate-api';
import { pollDonationStatus, StatusUnconfirmedError } from './poll-donation-status';

const status = (result: DonationStatus['result'], detail: string | null = null): DonationStatus => ({
  id: 1,
  result,
  detail,
  payment_method: 'creditCard',
  frequency: 'single',
  amount: 3000,
});

function clock() {
  let time = 0;
  return { now: () => time, sleep: async (ms: number) => void (time += ms) };
}

describe('pollDonationStatus', () => {
  it('asks until the donation is settled', async () => {
    const answers = [status('PENDING'), status('PENDING'), status('PAID')];
    let calls = 0;
    const result = await pollDonationStatus(async () => answers[calls++]!, clock());
    expect(result.result).toBe('PAID');
    expect(calls).toBe(3);
  });

  it('returns a failure with its detail', async () => {
    const result = await pollDonationStatus(async () => status('FAILED', 'insufficient_fund: insufficient funds'), clock());
    expect(result).toMatchObject({ result: 'FAILED', detail: 'insufficient_fund: insufficient funds' });
  });

  it('gives up after the timeout', async () => {
    await expect(
      pollDonationStatus(async () => status('PENDING'), { ...clock(), timeoutMs: 5_000, intervalMs: 1_000 }),
    ).rejects.toBeInstanceOf(StatusUnconfirmedError);
  });

  it('tolerates a passing error but not repeated ones', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error('blip');
      return status('PAID');
    };
    await expect(pollDonationStatus(flaky, clock())).resolves.toMatchObject({ result: 'PAID' });
    await expect(
      pollDonationStatus(async () => {
        throw new Error('down');
      }, clock()),
    ).rejects.toBeInstanceOf(StatusUnconfirmedError);
  });
});
