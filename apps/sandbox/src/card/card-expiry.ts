// A card is good through the last day of its expiry month. "Now" is the sandbox clock in Japan
// time, so moving the clock forward can make a saved card expire (the charge-time expired card).
import { japanDate } from './schedule-dates';

export function isExpired(expiration: { expiration_month: number; expiration_year: number }, now: Date): boolean {
  const [year, month] = japanDate(now).split('-').map(Number) as [number, number];
  return expiration.expiration_year < year || (expiration.expiration_year === year && expiration.expiration_month < month);
}
