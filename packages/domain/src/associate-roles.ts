// Who may do what in an associate's console (/dashboard/{associateUid}, ADR 060). The spec leaves
// associate members' finer permissions unsaid (§6); Kifu gives each member one of three roles:
// - owner: everything, including the members, the audit log and refunds;
// - staff: the daily work — gifts, supporters, receipts, exports, the organisation's page;
// - viewer: reads what staff read, changes nothing and exports nothing.
// The API checks these on every console call; the web app only uses them to hide what the
// caller cannot use.

export const ASSOCIATE_ROLES = ['owner', 'staff', 'viewer'] as const;
export type AssociateRole = (typeof ASSOCIATE_ROLES)[number];

export const CONSOLE_ACTIONS = [
  /** Gifts, supporters, receipts, the donor register on screen. */
  'read',
  /** Downloads of personal data (CSV, the register's PDF), audited. */
  'export',
  /** Refunds, receipt reissues, the organisation's page, reports, campaign reviews. */
  'manage',
  /** Members and invitations, the audit log. */
  'administer',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const ALLOWED: Record<AssociateRole, readonly ConsoleAction[]> = {
  owner: ['read', 'export', 'manage', 'administer'],
  staff: ['read', 'export', 'manage'],
  viewer: ['read'],
};

export function roleMay(role: AssociateRole, action: ConsoleAction): boolean {
  return ALLOWED[role].includes(action);
}

/** What a role may do, for the API's answer to the console (it hides what the caller cannot use). */
export function permissionsOf(role: AssociateRole): Record<ConsoleAction, boolean> {
  return Object.fromEntries(CONSOLE_ACTIONS.map((action) => [action, roleMay(role, action)])) as Record<ConsoleAction, boolean>;
}

/** How long an invitation to join an associate's console stays usable. */
export const ASSOCIATE_INVITATION_TTL_DAYS = 7;
