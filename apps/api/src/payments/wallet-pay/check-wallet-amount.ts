// The amount limits of wallet pay (spec §5 "Amount limits", §9: at most ¥6,000,000 by wallet
// payment) from the domain, so the form and the API agree. The detail carries the Japanese phrase
// for the limit crossed (AMOUNT_LIMIT_PHRASES): the web chooses its message by that phrase.
import { AMOUNT_LIMIT_PHRASES, checkAmount, type Frequency } from '@kifu/domain';
import { AppError } from '../../lib/app-error';

export function assertWalletAmount(amount: number, frequency: Frequency): void {
  const check = checkAmount(amount, 'walletPay', frequency);
  if (check.ok) return;
  if (check.reason === 'above_max') {
    throw new AppError(
      'validation_failed',
      `amount ${amount} is above the walletPay ${AMOUNT_LIMIT_PHRASES.upper} (upper limit) of ${check.max} yen`,
      { amount: ['max'] },
    );
  }
  if (check.reason === 'below_min') {
    throw new AppError(
      'validation_failed',
      `amount ${amount} is below the walletPay ${AMOUNT_LIMIT_PHRASES.lower} (lower limit) of ${check.min} yen`,
      { amount: ['min'] },
    );
  }
  throw new AppError('validation_failed', `amount ${amount} is not a whole number of yen`, { amount: ['pattern.number'] });
}
