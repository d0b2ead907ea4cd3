// The associate console's calls (ADR 060), from the browser through the same-origin /backend proxy
// with the session cookie. A refusal is the api-client's ApiError: 404 means the caller is not a
// member (or the record is not this associate's), 403 that their role does not allow it.
import type { api } from '@kifu/domain';
import type { AssociateRole } from '@kifu/domain/associate-roles';
import type { Locale } from '@kifu/domain/enums';
import { createApiClient, type ApiClient, type Query } from '@/lib/api-client';

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

export function createConsoleApi(client: ApiClient = createApiClient('/backend')) {
  const base = (uid: string) => `/associate/${encodeURIComponent(uid)}`;
  const get = <T>(path: string, query?: Query) => client.get<T>(path, { query, init });
  const send = async <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    (await client.request<T>(method, path, { body, init })).content as T;
  return {
    me: (uid: string) => get<api.MyAssociate>(`${base(uid)}/my_associate/`),
    gifts: (uid: string, query: Query) => get<api.ConsoleGifts>(`${base(uid)}/console/gifts/`, query),
    supporters: (uid: string, query: Query) => get<api.ConsoleSupporters>(`${base(uid)}/console/supporters/`, query),
    /** Every series of the overview's charts at once (ADR 076). */
    insights: (uid: string, query: Query) => get<api.ConsoleInsights>(`${base(uid)}/console/insights/`, query),
    gift: (uid: string, id: number, lang: Locale) => get<api.ConsoleGiftDetail>(`${base(uid)}/console/gifts/${id}/`, { lang }),
    /** Refunds all or part of a paid gift (ADR 064); the same `request_key` answers the same refund, never a second. */
    refund: (uid: string, id: number, body: api.RefundRequestBody) =>
      send<api.GiftRefund>('POST', `${base(uid)}/console/gifts/${id}/refunds/`, body),
    donorRegister: (uid: string, fiscalYear: number, lang: Locale) =>
      get<api.DonorRegisterView>(`${base(uid)}/console/donor-register/${fiscalYear}/`, { lang }),
    /** Where the browser downloads the register (the /backend proxy carries the session cookie). */
    donorRegisterFile: (uid: string, fiscalYear: number, format: 'csv' | 'pdf', lang: Locale) =>
      `/backend${base(uid)}/console/donor-register/${fiscalYear}/${format}/?lang=${lang}`,
    /** Monthly statements and their payouts (ADR 075): every member reads them. */
    statements: (uid: string) => get<api.StatementListView>(`${base(uid)}/console/statements/`),
    statement: (uid: string, month: string) => get<api.StatementDetailView>(`${base(uid)}/console/statements/${month}/`),
    statementFile: (uid: string, month: string, format: 'csv' | 'pdf', lang: Locale) =>
      `/backend${base(uid)}/console/statements/${month}/${format}/?lang=${lang}`,
    payoutAccount: (uid: string) => get<api.PayoutAccountView>(`${base(uid)}/console/payout-account/`),
    /** Owners only, with their password; the bank checks the account first (ADR 075). */
    changePayoutAccount: (uid: string, body: api.PayoutAccountChange) =>
      send<api.PayoutAccountView>('PUT', `${base(uid)}/console/payout-account/`, body),
    members: (uid: string) => get<api.ConsoleMembers>(`${base(uid)}/console/members/`),
    /** Every receipt the associate issued, current or voided (ADR 066). */
    receipts: (uid: string, query: Query) => get<api.ConsoleReceipts>(`${base(uid)}/console/receipts/`, query),
    /** Where the browser downloads a staff copy of a current receipt (export permission; audited). */
    receiptFile: (uid: string, id: number, lang: Locale) => `/backend${base(uid)}/console/receipts/${id}/pdf/?lang=${lang}`,
    /** Voids the receipt and issues it again with a new number to the corrected name and address (ADR 066). */
    reissueReceipt: (uid: string, id: number, body: api.ReissueReceiptInput) =>
      send<api.ConsoleReceipt>('POST', `${base(uid)}/console/receipts/${id}/reissue/`, body),
    /** Supporters' campaigns that asked the associate's approval (ADR 069); owners and staff decide. */
    campaigns: (uid: string, query: Query) => get<api.ConsoleCampaigns>(`${base(uid)}/console/campaigns/`, query),
    approveCampaign: (uid: string, id: number) => send<null>('POST', `${base(uid)}/console/campaigns/${id}/approve/`, {}),
    declineCampaign: (uid: string, id: number, body: api.DeclineCampaignBody) =>
      send<null>('POST', `${base(uid)}/console/campaigns/${id}/decline/`, body),
    /** The public-support test tracker (ADR 071); owners and staff enter income and mark officers and households. */
    publicSupportTest: (uid: string, lang: string) => get<api.PublicSupportTest>(`${base(uid)}/console/public-support-test/`, { lang }),
    savePstIncome: (uid: string, fiscalYear: number, body: api.PstIncomeBody) =>
      send<null>('PUT', `${base(uid)}/console/public-support-test/incomes/${fiscalYear}/`, body),
    markPstPerson: (uid: string, body: api.PstPersonBody) => send<null>('PUT', `${base(uid)}/console/public-support-test/people/`, body),
    recurring: (uid: string, query: Query) => get<api.ConsoleRecurring>(`${base(uid)}/console/recurring/`, query),
    settings: (uid: string) => get<api.ConsoleSettings>(`${base(uid)}/console/settings/`),
    changeSettings: (uid: string, body: api.ConsoleSettings) => send<api.ConsoleSettings>('PATCH', `${base(uid)}/console/settings/`, body),
    invite: (uid: string, body: { email: string; role: AssociateRole; lang: Locale }) =>
      send<null>('POST', `${base(uid)}/console/members/invitations/`, body),
    revokeInvitation: (uid: string, id: number) => send<null>('DELETE', `${base(uid)}/console/members/invitations/${id}/`),
    changeRole: (uid: string, userId: number, role: AssociateRole) =>
      send<null>('PATCH', `${base(uid)}/console/members/${userId}/`, { role }),
    removeMember: (uid: string, userId: number) => send<null>('DELETE', `${base(uid)}/console/members/${userId}/`),
    invitation: (code: string, lang: Locale) => get<api.InvitationView>(`/associate-invitations/${encodeURIComponent(code)}/`, { lang }),
    acceptInvitation: (code: string) =>
      send<{ associate: { uid: string; name: string } }>('POST', '/associate-invitations/accept/', { code }),
    audit: (uid: string, page: number, lang: Locale) => get<api.AuditLog>(`${base(uid)}/console/audit/`, { page, lang }),
    /** Activity reports (ADR 068): every member reads them; owners and staff write, publish (mailing supporters) and delete drafts. */
    activityReports: (uid: string) => get<api.EditableActivityReports>(`${base(uid)}/console/activity-reports/`),
    activityReport: (uid: string, id: number) => get<api.EditableActivityReport>(`${base(uid)}/console/activity-reports/${id}/`),
    addActivityReport: (uid: string, body: api.ActivityReportDraftBody) =>
      send<api.EditableActivityReport>('POST', `${base(uid)}/console/activity-reports/`, body),
    changeActivityReport: (uid: string, id: number, body: api.ActivityReportChangeBody) =>
      send<api.ChangedActivityReport>('PATCH', `${base(uid)}/console/activity-reports/${id}/`, body),
    removeActivityReport: (uid: string, id: number) => send<null>('DELETE', `${base(uid)}/console/activity-reports/${id}/`),
  };
}

export type ConsoleApi = ReturnType<typeof createConsoleApi>;
export const consoleApi = createConsoleApi();
