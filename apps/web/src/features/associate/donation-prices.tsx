// The associate's donation setting (spec §3 "donation setting (core, detail, prices)"): its
// texts and the suggested amounts by frequency, each saying what it achieves.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Tag } from '@/components/ui/tag';

export function DonationPrices({ setting }: { setting: api.AssociateDetail['donation_setting'] }) {
  const t = useTranslations('associatePages.detail');
  const tFormat = useTranslations('format');
  return (
    <div>
      {setting.core ? <p className="font-semibold leading-relaxed">{setting.core}</p> : null}
      <p className="mt-1 text-sm leading-relaxed text-muted">{setting.detail || t('pricesLead')}</p>
      {setting.prices.length > 0 ? (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="donation-prices">
          {setting.prices.map((price) => (
            <li key={price.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="donation-price">
              <p className="flex items-center gap-2">
                <Tag tone="brand">{t(`frequency.${price.frequency}`)}</Tag>
                <span className="text-lg font-bold">{tFormat('yen', { amount: price.amount })}</span>
              </p>
              {price.description ? <p className="mt-2 text-sm leading-relaxed text-muted">{price.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
