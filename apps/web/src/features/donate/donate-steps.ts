// Steps of the donation form (spec §2 "Donation flow"): Amount → Info → Confirm → Done, each with
// its own URL so the browser's back button walks the steps. The optional path segments of
// /associate/{uid}/donate/[…] name the steps after the first; 'membership' is the Plan step of the
// annual membership flow, which is not built yet and so is not a valid segment here.

export const DONATE_STEPS = ['amount', 'info', 'confirm', 'done'] as const;
export type DonateStep = (typeof DONATE_STEPS)[number];

const SEGMENT_OF: Record<DonateStep, string | null> = {
  amount: null,
  info: 'payment',
  confirm: 'confirmation',
  done: 'contribution',
};

/** The step a path's optional segments name, or undefined for an unknown path (a 404). */
export function stepFromSegments(segments: readonly string[] | undefined): DonateStep | undefined {
  if (!segments || segments.length === 0) return 'amount';
  if (segments.length > 1) return undefined;
  return DONATE_STEPS.find((step) => SEGMENT_OF[step] === segments[0]);
}

/** The step shown at a pathname (…/donate or …/donate/{segment}), or undefined when it is none. */
export function stepFromPathname(pathname: string): DonateStep | undefined {
  const match = /\/donate(?:\/([^/?#]+))?\/?$/.exec(pathname);
  if (!match) return undefined;
  return stepFromSegments(match[1] ? [match[1]] : []);
}

/** The pathname of `step` under the donate base path (…/associate/{uid}/donate, locale prefix included). */
export function pathOfStep(basePath: string, step: DonateStep): string {
  const segment = SEGMENT_OF[step];
  return segment ? `${basePath}/${segment}` : basePath;
}

export function stepIndex(step: DonateStep): number {
  return DONATE_STEPS.indexOf(step);
}
