import { describe, expect, it, vi } from 'vitest';
import { addressReasonsToConfirm } from './address-check';

// What the postal lookup fills for 1520001: 東京都, 目黒区 + 中央町.
const looked = { postalCode: '152-0001', state: '東京都', city: '目黒区中央町', street: '1-2-3' };

describe('addressReasonsToConfirm', () => {
  it('asks nothing when the street is the block number after the town the lookup filled in', async () => {
    const lookUpTown = vi.fn(async () => '中央町');
    await expect(addressReasonsToConfirm(looked, lookUpTown)).resolves.toEqual([]);
    expect(lookUpTown).toHaveBeenCalledWith('1520001');
  });

  it('still asks when the town is missing from the city, or the lookup cannot tell', async () => {
    await expect(addressReasonsToConfirm({ ...looked, city: '目黒区' }, async () => '中央町')).resolves.toEqual(['streetOnlyDigits']);
    await expect(addressReasonsToConfirm(looked, async () => undefined)).resolves.toEqual(['streetOnlyDigits']);
    await expect(addressReasonsToConfirm(looked, () => Promise.reject(new TypeError('down')))).resolves.toEqual(['streetOnlyDigits']);
    await expect(addressReasonsToConfirm(looked, undefined)).resolves.toEqual(['streetOnlyDigits']);
  });

  it('does not look up for other streets', async () => {
    const lookUpTown = vi.fn(async () => '中央町');
    await expect(addressReasonsToConfirm({ ...looked, street: '中央町' }, lookUpTown)).resolves.toEqual(['streetHasNoDigit']);
    await expect(addressReasonsToConfirm({ ...looked, street: '中央町1-2-3' }, lookUpTown)).resolves.toEqual([]);
    expect(lookUpTown).not.toHaveBeenCalled();
  });
});
