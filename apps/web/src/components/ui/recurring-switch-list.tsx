// The body of the card-switch dialog: the first 2 recurring donations (organisation and supporter
// names) and 'And N more' for the rest (spec §2).
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import { formatMessage } from '@kifu/domain/catalogue/message';
import type { Locale } from '@kifu/domain/enums';
import type { RecurringDonationItem } from './confirm-dialogs';
import { splitRecurringList } from './recurring-switch-math';

export function RecurringSwitchList({ items, locale }: { items: readonly RecurringDonationItem[]; locale: Locale }) {
  const { shown, moreCount } = splitRecurringList(items);
  return (
    <ul className="flex flex-col gap-1 rounded-xl bg-slate-50 p-3 text-sm" data-testid="recurring-switch-list">
      {shown.map((item, index) => (
        <li key={index} className="flex flex-wrap gap-x-2">
          <span className="font-semibold">{item.associateName}</span>
          <span className="text-muted">{item.donorName}</span>
        </li>
      ))}
      {moreCount > 0 ? <li className="text-muted">{formatMessage(NOTICES.andMore[locale], { count: moreCount })}</li> : null}
    </ul>
  );
}
