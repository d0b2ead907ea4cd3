import { describe, expect, it } from 'vitest';
import {
  addChargeMonths,
  afterSkip,
  cardExpiredOn,
  allowedChanges,
  firstChargeOnOrAfter,
  nextChangeableCharge,
  pauseResumesOn,
  recurringState,
  tomorrowInJapan,
  type RecurringState,
  type RecurringStateInput,
} from './recurring-support';

// Instants named by the Japan date (UTC+9) they fall on.
/** 2026-12-01 00:00 in Japan (still 2026-11-30 in UTC). */
const DEC_1_JAPAN_MIDNIGHT = new Date('2026-11-30T15:00:00Z');
/** 2026-11-30 23:59:59 in Japan. */
const NOV_30_LAST_SECOND_JAPAN = new Date('2026-11-30T14:59:59Z');

function input(overrides: Partial<RecurringStateInput>): RecurringStateInput {
  return { status: 'active', pausedUntil: null, firstPaymentFailedAt: null, ...overrides };
}

describe('recurringState', () => {
  it.each(['pending', 'suspended', 'stopped'] as const)('%s reads as itself, even with a pause and a failed payment recorded', (status) => {
    const recurring = input({ status, pausedUntil: '2027-03-05', firstPaymentFailedAt: new Date('2026-11-05T01:00:00Z') });
    expect(recurringState(recurring, DEC_1_JAPAN_MIDNIGHT)).toBe(status);
  });

  it('an active donation with no pause and no failed payment is active', () => {
    expect(recurringState(input({}), DEC_1_JAPAN_MIDNIGHT)).toBe('active');
  });

  it('an active donation paused until 2026-12-02 is paused on 2026-12-01 in Japan', () => {
    expect(recurringState(input({ pausedUntil: '2026-12-02' }), DEC_1_JAPAN_MIDNIGHT)).toBe('paused');
  });

  it('an active donation paused until 2026-12-01 is active from 2026-11-30T15:00:00Z, midnight of 2026-12-01 in Japan', () => {
    expect(recurringState(input({ pausedUntil: '2026-12-01' }), DEC_1_JAPAN_MIDNIGHT)).toBe('active');
  });

  it('an active donation paused until 2026-12-01 is still paused at 2026-11-30T14:59:59Z, 23:59:59 in Japan', () => {
    expect(recurringState(input({ pausedUntil: '2026-12-01' }), NOV_30_LAST_SECOND_JAPAN)).toBe('paused');
  });

  it('an active donation paused until 2026-11-05 is active on 2026-12-01', () => {
    expect(recurringState(input({ pausedUntil: '2026-11-05' }), DEC_1_JAPAN_MIDNIGHT)).toBe('active');
  });

  it('an active donation with a failed first payment (as a Date) is retrying', () => {
    expect(recurringState(input({ firstPaymentFailedAt: new Date('2026-11-05T01:00:00Z') }), DEC_1_JAPAN_MIDNIGHT)).toBe('retrying');
  });

  it('an active donation with a failed first payment (as an ISO string) is retrying', () => {
    expect(recurringState(input({ firstPaymentFailedAt: '2026-11-05T01:00:00.000Z' }), DEC_1_JAPAN_MIDNIGHT)).toBe('retrying');
  });

  it('a donation paused until 2027-01-05 with a failed payment reads paused on 2026-12-01, not retrying', () => {
    const recurring = input({ pausedUntil: '2027-01-05', firstPaymentFailedAt: new Date('2026-11-05T01:00:00Z') });
    expect(recurringState(recurring, DEC_1_JAPAN_MIDNIGHT)).toBe('paused');
  });

  it('a donation whose pause ended on 2026-11-05 and has a failed payment reads retrying on 2026-12-01', () => {
    const recurring = input({ pausedUntil: '2026-11-05', firstPaymentFailedAt: new Date('2026-11-05T01:00:00Z') });
    expect(recurringState(recurring, DEC_1_JAPAN_MIDNIGHT)).toBe('retrying');
  });
});

describe('allowedChanges', () => {
  const none = { amount: false, pause: false, skip: false, resume: false, stop: false };
  const stopOnly = { ...none, stop: true };

  it.each<[RecurringState, ReturnType<typeof allowedChanges>]>([
    ['active', { amount: true, pause: true, skip: true, resume: false, stop: true }],
    ['retrying', { amount: true, pause: true, skip: true, resume: false, stop: true }],
    ['paused', { amount: true, pause: false, skip: false, resume: true, stop: true }],
    ['pending', stopOnly],
    ['suspended', stopOnly],
    ['stopped', none],
  ])('a monthly donation that is %s allows %o', (state, expected) => {
    expect(allowedChanges('monthly', state)).toEqual(expected);
  });

  it.each<RecurringState>(['active', 'retrying', 'pending', 'suspended'])(
    'an annual membership that is %s may only be stopped',
    (state) => {
      expect(allowedChanges('annual', state)).toEqual(stopOnly);
    },
  );

  it('an annual membership that is stopped allows nothing', () => {
    expect(allowedChanges('annual', 'stopped')).toEqual(none);
  });

  it('an annual membership that reads paused may be resumed or stopped, but its amount never changes', () => {
    // Annual memberships cannot be paused (pause is false above); this is the state reading only.
    expect(allowedChanges('annual', 'paused')).toEqual({ ...none, resume: true, stop: true });
  });
});

describe('addChargeMonths', () => {
  it('2026-11-28 plus 3 months on day 28 is 2027-02-28', () => {
    expect(addChargeMonths('2026-11-28', 3, 28)).toBe('2027-02-28');
  });

  it('2026-11-28 plus 3 months on charge day 31 is 2027-02-28 (capped at 28)', () => {
    expect(addChargeMonths('2026-11-28', 3, 31)).toBe('2027-02-28');
  });

  it('2026-12-05 plus 1 month on day 5 is 2027-01-05', () => {
    expect(addChargeMonths('2026-12-05', 1, 5)).toBe('2027-01-05');
  });

  it('2026-12-05 plus 12 months is 2027-12-05 and plus 13 months is 2028-01-05', () => {
    expect(addChargeMonths('2026-12-05', 12, 5)).toBe('2027-12-05');
    expect(addChargeMonths('2026-12-05', 13, 5)).toBe('2028-01-05');
  });

  it('2026-12-05 plus 0 months is 2026-12-05', () => {
    expect(addChargeMonths('2026-12-05', 0, 5)).toBe('2026-12-05');
  });

  it('2026-01-31 plus 1 month on charge day 31 is 2026-02-28', () => {
    expect(addChargeMonths('2026-01-31', 1, 31)).toBe('2026-02-28');
  });

  it('2026-12-20 plus 1 month on charge day 5 is 2027-01-05: the result is on the charge day, not the day of the date', () => {
    expect(addChargeMonths('2026-12-20', 1, 5)).toBe('2027-01-05');
  });

  it('pads single-digit months and days: 2026-08-01 plus 1 month on day 9 is 2026-09-09', () => {
    expect(addChargeMonths('2026-08-01', 1, 9)).toBe('2026-09-09');
  });
});

describe('firstChargeOnOrAfter', () => {
  it('from 2026-12-03 on charge day 5 is 2026-12-05 (same month)', () => {
    expect(firstChargeOnOrAfter('2026-12-03', 5)).toBe('2026-12-05');
  });

  it('from 2026-12-05 on charge day 5 is 2026-12-05 (exactly on the day)', () => {
    expect(firstChargeOnOrAfter('2026-12-05', 5)).toBe('2026-12-05');
  });

  it('from 2026-12-06 on charge day 5 is 2027-01-05 (day passed, across the year end)', () => {
    expect(firstChargeOnOrAfter('2026-12-06', 5)).toBe('2027-01-05');
  });

  it('from 2026-12-01 on charge day 1 is 2026-12-01', () => {
    expect(firstChargeOnOrAfter('2026-12-01', 1)).toBe('2026-12-01');
  });

  it('from 2026-12-10 on charge day 31 is 2026-12-28 (capped at 28)', () => {
    expect(firstChargeOnOrAfter('2026-12-10', 31)).toBe('2026-12-28');
  });

  it('from 2026-12-28 on charge day 31 is 2026-12-28', () => {
    expect(firstChargeOnOrAfter('2026-12-28', 31)).toBe('2026-12-28');
  });

  it('from 2026-12-29 on charge day 31 is 2027-01-28', () => {
    expect(firstChargeOnOrAfter('2026-12-29', 31)).toBe('2027-01-28');
  });
});

describe('tomorrowInJapan', () => {
  it('at 2026-11-30T14:59:59Z (23:59:59 on 2026-11-30 in Japan) is 2026-12-01', () => {
    expect(tomorrowInJapan(NOV_30_LAST_SECOND_JAPAN)).toBe('2026-12-01');
  });

  it('at 2026-11-30T15:00:00Z (midnight of 2026-12-01 in Japan) is 2026-12-02', () => {
    expect(tomorrowInJapan(DEC_1_JAPAN_MIDNIGHT)).toBe('2026-12-02');
  });

  it('at 2026-12-31T14:59:59.999Z (last instant of 2026 in Japan) is 2027-01-01', () => {
    expect(tomorrowInJapan(new Date('2026-12-31T14:59:59.999Z'))).toBe('2027-01-01');
  });

  it('at 2026-12-31T15:00:00Z (2027-01-01 in Japan, still 2026 in UTC) is 2027-01-02', () => {
    expect(tomorrowInJapan(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-02');
  });

  it('at 2026-12-31T00:00:00Z (09:00 on 2026-12-31 in Japan) is 2027-01-01', () => {
    expect(tomorrowInJapan(new Date('2026-12-31T00:00:00Z'))).toBe('2027-01-01');
  });

  it('on 2028-02-28 in Japan is 2028-02-29 (leap year), and on 2028-02-29 is 2028-03-01', () => {
    expect(tomorrowInJapan(new Date('2028-02-27T15:00:00Z'))).toBe('2028-02-29');
    expect(tomorrowInJapan(new Date('2028-02-28T15:00:00Z'))).toBe('2028-03-01');
  });
});

describe('nextChangeableCharge', () => {
  // now: 2026-12-01 in Japan
  it('with the next charge on 2026-12-05 (future) on 2026-12-01 is 2026-12-05', () => {
    expect(nextChangeableCharge('2026-12-05', 5, DEC_1_JAPAN_MIDNIGHT)).toBe('2026-12-05');
  });

  it('with the next charge on 2026-12-02 (tomorrow) on 2026-12-01 is 2026-12-02', () => {
    expect(nextChangeableCharge('2026-12-02', 2, DEC_1_JAPAN_MIDNIGHT)).toBe('2026-12-02');
  });

  it('with the next charge on 2026-12-01 (today) on 2026-12-01 is 2027-01-01, never today', () => {
    expect(nextChangeableCharge('2026-12-01', 1, DEC_1_JAPAN_MIDNIGHT)).toBe('2027-01-01');
  });

  it('with the next charge on 2026-12-01 at 23:59:59 on 2026-11-30 in Japan is still 2026-12-01', () => {
    expect(nextChangeableCharge('2026-12-01', 1, NOV_30_LAST_SECOND_JAPAN)).toBe('2026-12-01');
  });

  it('with a stale next charge of 2026-11-05 (past) on 2026-12-01 on day 5 is 2026-12-05', () => {
    expect(nextChangeableCharge('2026-11-05', 5, DEC_1_JAPAN_MIDNIGHT)).toBe('2026-12-05');
  });

  it('with a stale next charge of 2026-10-01 (past) on 2026-12-01 on day 1 is 2027-01-01', () => {
    expect(nextChangeableCharge('2026-10-01', 1, DEC_1_JAPAN_MIDNIGHT)).toBe('2027-01-01');
  });

  it('with no next charge on 2026-12-01 on day 5 is 2026-12-05', () => {
    expect(nextChangeableCharge(null, 5, DEC_1_JAPAN_MIDNIGHT)).toBe('2026-12-05');
  });

  it('with no next charge on 2026-12-01 on day 1 is 2027-01-01 (today is excluded)', () => {
    expect(nextChangeableCharge(null, 1, DEC_1_JAPAN_MIDNIGHT)).toBe('2027-01-01');
  });

  it('with the next charge on 2026-12-28 (today) on charge day 31 is 2027-01-28', () => {
    expect(nextChangeableCharge('2026-12-28', 31, new Date('2026-12-28T03:00:00Z'))).toBe('2027-01-28');
  });
});

describe('pauseResumesOn', () => {
  it('pausing 2 months when the next charge is 2026-12-05 resumes on 2027-02-05', () => {
    expect(pauseResumesOn('2026-12-05', 5, 2, DEC_1_JAPAN_MIDNIGHT)).toBe('2027-02-05');
  });

  it('pausing 1 month when the next charge is 2026-12-05 resumes on 2027-01-05', () => {
    expect(pauseResumesOn('2026-12-05', 5, 1, DEC_1_JAPAN_MIDNIGHT)).toBe('2027-01-05');
  });

  it('pausing 3 months when the next charge is 2026-11-28 (on 2026-11-20 in Japan) resumes on 2027-02-28', () => {
    expect(pauseResumesOn('2026-11-28', 28, 3, new Date('2026-11-20T03:00:00Z'))).toBe('2027-02-28');
  });

  it('pausing 1 month on 2026-12-05 in Japan when the next charge is today, 2026-12-05, resumes on 2027-02-05', () => {
    // Today's charge belongs to the old terms; the pause leaves out 2027-01-05.
    expect(pauseResumesOn('2026-12-05', 5, 1, new Date('2026-12-04T15:00:00Z'))).toBe('2027-02-05');
  });

  it('pausing 3 months with no next charge on 2026-12-29 in Japan on charge day 31 resumes on 2027-04-28', () => {
    expect(pauseResumesOn(null, 31, 3, new Date('2026-12-28T15:00:00Z'))).toBe('2027-04-28');
  });

  it('a donation paused 1 month from 2026-12-05 reads paused on 2027-01-04 in Japan and active from midnight 2027-01-05 in Japan', () => {
    const pausedUntil = pauseResumesOn('2026-12-05', 5, 1, DEC_1_JAPAN_MIDNIGHT);
    const recurring = input({ pausedUntil });
    expect(recurringState(recurring, new Date('2027-01-04T14:59:59Z'))).toBe('paused');
    expect(recurringState(recurring, new Date('2027-01-04T15:00:00Z'))).toBe('active');
  });
});

describe('afterSkip', () => {
  it('skipping when the next charge is 2026-12-05 (on 2026-12-01) skips 2026-12-05 and next charges 2027-01-05', () => {
    expect(afterSkip('2026-12-05', 5, DEC_1_JAPAN_MIDNIGHT)).toEqual({ skipped: '2026-12-05', next: '2027-01-05' });
  });

  it('skipping on 2026-12-05 in Japan when the next charge is today skips 2027-01-05 and next charges 2027-02-05', () => {
    expect(afterSkip('2026-12-05', 5, new Date('2026-12-04T15:00:00Z'))).toEqual({ skipped: '2027-01-05', next: '2027-02-05' });
  });

  it('skipping on 2026-12-28 in Japan when the next charge is today on charge day 31 skips 2027-01-28 and next charges 2027-02-28', () => {
    expect(afterSkip('2026-12-28', 31, new Date('2026-12-28T03:00:00Z'))).toEqual({ skipped: '2027-01-28', next: '2027-02-28' });
  });

  it('skipping with no next charge on 2026-12-01 on day 1 skips 2027-01-01 and next charges 2027-02-01', () => {
    expect(afterSkip(null, 1, DEC_1_JAPAN_MIDNIGHT)).toEqual({ skipped: '2027-01-01', next: '2027-02-01' });
  });

  it('skipping when the next charge is 2026-11-28 (on 2026-11-20 in Japan) skips 2026-11-28 and next charges 2026-12-28', () => {
    expect(afterSkip('2026-11-28', 28, new Date('2026-11-20T03:00:00Z'))).toEqual({ skipped: '2026-11-28', next: '2026-12-28' });
  });
});

describe('cardExpiredOn', () => {
  it('a card expiring 12/2026 still pays on 2026-12-28 and is gone on 2027-01-05', () => {
    expect(cardExpiredOn(12, 2026, '2026-12-28')).toBe(false);
    expect(cardExpiredOn(12, 2026, '2027-01-05')).toBe(true);
  });

  it('a card expiring 03/2027 pays in February 2027', () => {
    expect(cardExpiredOn(3, 2027, '2027-02-25')).toBe(false);
  });
});
