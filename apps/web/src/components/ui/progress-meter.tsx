import { cx } from './cx';
import { meterWidth } from './progress-math';

/** An accessible horizontal meter (funding progress). */
export function ProgressMeter({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={meterWidth(percent)}
      className={cx('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full rounded-full bg-brand-500" style={{ width: `${meterWidth(percent)}%` }} />
    </div>
  );
}
