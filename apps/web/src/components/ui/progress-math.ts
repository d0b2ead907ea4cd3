// Pure arithmetic for progress displays (funding meters and the route-change bar).

/** Percentage of `goal` reached, floored, never below 0; may exceed 100 when over-funded. */
export function fundingPercent(raised: number, goal: number): number {
  if (!Number.isFinite(raised) || !Number.isFinite(goal) || goal <= 0) return 0;
  return Math.max(0, Math.floor((raised / goal) * 100));
}

/** Width of a meter bar in percent, clamped to 0–100. */
export function meterWidth(percent: number): number {
  return Math.min(100, Math.max(0, percent));
}

/** Upper bound of the route progress bar while it trickles; only completion reaches 1. */
export const TRICKLE_CEILING = 0.994;

/**
 * One trickle step of the route progress bar (spec §2 "Progress bar", trickle every 100 ms):
 * big steps at first, smaller as it fills, never reaching the end until navigation completes.
 */
export function trickle(value: number): number {
  if (value >= TRICKLE_CEILING) return TRICKLE_CEILING;
  const step = value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0;
  return Math.min(TRICKLE_CEILING, value + step);
}
