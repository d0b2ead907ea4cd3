// POST /donation/deposit/ (spec §4 "Bank transfer (single only)", §7 "Bank transfer single
// donation"): recorded 'pending' (reward reserved), then a virtual account is issued for it
// (open-virtual-account.ts moves it to 'awaiting_transfer'); the deposit webhook settles it later
// (bank-transfer-state.ts). The account's names are in the request's language (spec §9: configured
// per language). If the bank cannot issue one, the donation fails and its reward is released.
import { api } from '@kifu/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { BankGateway } from '../../providers/bank/bank-gateway';
import { queueBankTransferInstructions } from './bank-transfer-mails';
import { bankAccountIssueError, openVirtualAccount, type StoredVirtualAccount } from './open-virtual-account';
import { virtualAccountView } from './virtual-account-view';
import { ProviderError } from '../../providers/provider-error';
import { checkDonationRequest } from '../../donations/check-donation-request';
import { failUnstartedDonation } from '../../donations/fail-donation';
import { checkWithPortfolio } from '../../donations/portfolio-gift';
import { recordDonation } from '../../donations/record-donation';
import type { DonationMetrics } from '../../metrics/api-metrics';

/** What starting a bank-transfer donation needs of the app. */
export interface BankTransferDonationDeps {
  db: Database;
  bank: BankGateway;
  log: FastifyBaseLogger;
  /** Days the virtual account stays open (BANK_TRANSFER_EXPIRY_DAYS). */
  expiryDays: number;
  /** The app's donation counters (ADR 048). */
  metrics: DonationMetrics;
}

export type BankTransferDonationResponse = z.infer<typeof api.bankTransferDonationResponse>;

export async function startBankTransferDonation(
  deps: BankTransferDonationDeps,
  request: z.output<typeof api.bankTransferDonationRequest>,
  userId: number | undefined,
): Promise<BankTransferDonationResponse> {
  const { checked, portfolio } = await checkWithPortfolio(deps.db, request, (checking) =>
    checkDonationRequest(checking, { method: 'bankTransfer', frequency: 'single' }),
  );
  const recorded = await recordDonation(deps.db, {
    request,
    checked,
    portfolio,
    method: 'bankTransfer',
    status: 'pending',
    paymentProvider: null,
    userId,
  });
  let account: StoredVirtualAccount;
  try {
    account = await openVirtualAccount(deps.db, deps.bank, {
      donationId: recorded.donationId,
      amount: checked.chargedAmount,
      expiryDays: deps.expiryDays,
      // Where and by when to transfer, by mail too, in the same transaction as the account.
      afterStored: (tx, stored) =>
        queueBankTransferInstructions(tx, {
          account: stored,
          locale: request.lang,
          email: checked.donor.email,
          lastName: checked.donor.lastName,
          firstName: checked.donor.firstName ?? '',
          associateId: request.associate_id,
          portfolioId: portfolio?.portfolioId ?? null,
        }),
    });
  } catch (error) {
    await failUnstartedDonation(deps.db, recorded.donationId, error instanceof ProviderError ? error.code : 'bank_error', deps);
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn(
      { donationId: recorded.donationId, code: error.code, retryable: error.retryable },
      'bank could not issue a virtual account',
    );
    throw bankAccountIssueError(error);
  }
  return {
    donation: {
      id: recorded.donationId,
      is_anonymous: recorded.isAnonymous,
      donation_message: recorded.donationMessageId === null ? null : { id: recorded.donationMessageId },
    },
    virtual_account: virtualAccountView(account, request.lang),
    status_token: recorded.statusToken,
  };
}
