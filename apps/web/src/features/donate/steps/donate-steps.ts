// Steps of the donation form (spec §2 "Donation flow"): Amount → Info → Confirm → Done, each with
// its own URL so the browser's back button walks the steps. The optional path segments of
// /associate/{uid}/donate/[…] name the steps after the first. 'membership' starts the annual
// membership flow (Plan → Info → Confirm → Done, ADR 011): the same steps one segment deeper,
// …/donate/membership[/payment|/confirmation|/contribution], its first step being the Plan.

export const DONATE_STEPS = ['amount', 'info', 'confirm', 'done'] as const;
export type DonateStep = (typeof DONATE_STEPS)[number];

const SEGMENT_OF: Record<DonateStep, string | null> = {
  amount: null,
  info: 'payment',
  confirm: 'confirmation',
  done: 'contribution',
};

/** The flows the donate page serves: a gift, or an annual membership (spec §2). */
export type DonateFlow = 'donation' | 'membership';
const MEMBERSHIP_SEGMENT = 'membership';

/** The step a path's optional segments name, or undefined for an unknown path (a 404). */
export function stepFromSegments(segments: readonly string[] | undefined): DonateStep | undefined {
  if (!segments || segments.length === 0) return 'amount';
  if (segments.length > 1) return undefined;
  return DONATE_STEPS.find((step) => SEGMENT_OF[step] === segments[0]);
}

/** The flow and step a path's optional segments name, or undefined for an unknown path (a 404). */
export function routeFromSegments(segments: readonly string[] | undefined): { flow: DonateFlow; step: DonateStep } | undefined {
  const membership = segments?.[0] === MEMBERSHIP_SEGMENT;
  const step = stepFromSegments(membership ? segments!.slice(1) : segments);
  return step ? { flow: membership ? 'membership' : 'donation', step } : undefined;
}

/** The base path of a flow's steps: the donate page's path, or its membership path. */
export function flowBasePath(donateBasePath: string, flow: DonateFlow): string {
  return flow === 'membership' ? `${donateBasePath}/${MEMBERSHIP_SEGMENT}` : donateBasePath;
}

/** The step shown at a pathname (…/donate[/membership][/{segment}]), or undefined when it is none. */
export function stepFromPathname(pathname: string): DonateStep | undefined {
  const match = /\/donate(?:\/membership)?(?:\/([^/?#]+))?\/?$/.exec(pathname);
  if (!match) return undefined;
  return stepFromSegments(match[1] ? [match[1]] : []);
}

/** The label key (under donate.steps) of a step: the membership flow's first step is the Plan. */
export function stepLabelKey(flow: DonateFlow, step: DonateStep): DonateStep | 'plan' {
  return flow === 'membership' && step === 'amount' ? 'plan' : step;
}

/** The pathname of `step` under the donate base path (…/associate/{uid}/donate, locale prefix included). */
export function pathOfStep(basePath: string, step: DonateStep): string {
  const segment = SEGMENT_OF[step];
  return segment ? `${basePath}/${segment}` : basePath;
}

export function stepIndex(step: DonateStep): number {
  return DONATE_STEPS.indexOf(step);
}
