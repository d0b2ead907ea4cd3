// The associate's payout account (ADR 075): every member sees where Kifu pays (the number masked);
// only an owner changes it, giving their password again, since whoever changes it decides where the
// organisation's money goes. The bank checks the new account first (ADR 074): no account, a closed
// one or another holder's name is refused at its field and nothing changes. A change is audited and
// every owner is mailed, so a change nobody meant is seen at once.
import { accountCheckError, maskedAccountNumber, type api, type Locale, type PayoutAccountInput } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import { checkCurrentPassword } from '../accounts/prove-identity';
import type { ConsoleCaller } from '../console/console-access';
import { recordAudit } from '../console/audit-log';
import type { Database } from '../db/client';
import { associateMembers, associatePayoutAccounts, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { localizer } from '../lib/localize';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import type { BankGateway } from '../providers/bank/bank-gateway';
import { ProviderError } from '../providers/provider-error';

type AccountRow = typeof associatePayoutAccounts.$inferSelect;

export function payoutAccountView(row: AccountRow | undefined): api.PayoutAccountView {
  if (!row) return { account: null };
  return {
    account: {
      bank_code: row.bankCode,
      bank_name: row.bankName,
      branch_code: row.branchCode,
      branch_name: row.branchName,
      account_type: row.accountType as PayoutAccountInput['account_type'],
      account_number: maskedAccountNumber(row.accountNumber),
      account_holder: row.accountHolder,
      updated_at: row.updatedAt.toISOString(),
    },
  };
}

export async function payoutAccountOf(db: Database, associateId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(associatePayoutAccounts).where(eq(associatePayoutAccounts.associateId, associateId));
  return row;
}

/** Checks the account with the bank, then saves it, audits and mails every owner, in one transaction. */
export async function changePayoutAccount(
  deps: { db: Database; bank: BankGateway; mailLinks: MailLinks },
  caller: ConsoleCaller & { associate: { nameEn: string | null } },
  input: PayoutAccountInput & { current_password: string },
): Promise<AccountRow> {
  const { current_password: password, ...account } = input;
  await checkCurrentPassword(deps.db, caller.userId, password);
  let check;
  try {
    check = await deps.bank.checkAccount({
      bankCode: account.bank_code,
      branchCode: account.branch_code,
      accountType: account.account_type,
      accountNumber: account.account_number,
      accountHolder: account.account_holder,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('service_unavailable', `the bank could not check the account: ${error.code}`);
    throw error;
  }
  const refused = accountCheckError(check.result);
  if (refused)
    throw new AppError('validation_failed', `the bank refused the account: ${check.result}`, { [refused.field]: [refused.rule] });
  return deps.db.transaction(async (tx) => {
    const values = {
      bankCode: account.bank_code,
      bankName: account.bank_name,
      branchCode: account.branch_code,
      branchName: account.branch_name,
      accountType: account.account_type,
      accountNumber: account.account_number,
      accountHolder: account.account_holder,
    };
    const [saved] = await tx
      .insert(associatePayoutAccounts)
      .values({ associateId: caller.associate.id, ...values })
      .onConflictDoUpdate({ target: associatePayoutAccounts.associateId, set: { ...values, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, caller, {
      action: 'payout_account.change',
      subject: `associate:${caller.associate.id}`,
      detail: {
        bank_code: account.bank_code,
        branch_code: account.branch_code,
        account_number: maskedAccountNumber(account.account_number),
      },
    });
    const owners = await tx
      .select({ email: users.email, locale: users.locale })
      .from(associateMembers)
      .innerJoin(users, eq(users.id, associateMembers.userId))
      .where(and(eq(associateMembers.associateId, caller.associate.id), eq(associateMembers.role, 'owner')));
    for (const owner of owners) {
      const locale: Locale = owner.locale === 'en' ? 'en' : 'ja';
      await enqueueMail(tx, {
        to: owner.email,
        locale,
        template: 'payout-account-changed',
        values: {
          associate: localizer(locale)(caller.associate, 'name'),
          account: `${account.bank_name} ${account.branch_name} ${maskedAccountNumber(account.account_number)} ${account.account_holder}`,
          by: caller.label,
          at: `${new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date())} (JST)`,
          link: deps.mailLinks.page(`/dashboard/${caller.associate.uid}/settings`, locale),
        },
      });
    }
    return saved!;
  });
}
