// Where the supporter is: Amount → Info → Confirm → Done, or Plan → Info → Confirm → Done (spec §2).
import { useTranslations } from 'next-intl';
import { cx } from '@/components/ui/cx';
import { DONATE_STEPS, stepIndex, stepLabelKey, type DonateFlow, type DonateStep } from './donate-steps';

export function StepIndicator({ step, flow = 'donation' }: { step: DonateStep; flow?: DonateFlow }) {
  const t = useTranslations('donate.steps');
  const current = stepIndex(step);
  return (
    <nav aria-label={t('label')} className="mb-6">
      <ol className="grid grid-cols-4 gap-1" data-testid="step-indicator">
        {DONATE_STEPS.map((name, index) => (
          <li key={name} aria-current={index === current ? 'step' : undefined} className="flex flex-col items-center gap-1.5 text-center">
            <span
              className={cx(
                'h-1.5 w-full rounded-full',
                index < current ? 'bg-brand-500' : index === current ? 'bg-brand-500' : 'bg-slate-200',
              )}
            />
            <span
              className={cx(
                'text-xs font-semibold md:text-sm',
                index === current ? 'text-brand-700' : index < current ? 'text-ink' : 'text-muted',
              )}
            >
              <span aria-hidden="true">{index + 1}. </span>
              {t(stepLabelKey(flow, name))}
              {index === current ? <span className="sr-only">{t('current')}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
