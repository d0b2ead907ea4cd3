// The card-switch dialog lists the first 2 recurring donations and sums up the rest as
// 'And N more' (spec §2, §9: RECURRING_DIALOG_LIST_SIZE).
import { RECURRING_DIALOG_LIST_SIZE } from '@kifu/domain/constants';

export function splitRecurringList<T>(items: readonly T[], size: number = RECURRING_DIALOG_LIST_SIZE): { shown: T[]; moreCount: number } {
  return { shown: items.slice(0, size), moreCount: Math.max(0, items.length - size) };
}
