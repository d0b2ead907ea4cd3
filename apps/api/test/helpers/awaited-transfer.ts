// A signed-in supporter's gift awaiting its bank transfer, written straight into the database: the
// donation (with the donor snapshot) and its virtual account, as the bank-transfer route leaves them.
import { PaymentMethodId } from '@kifu/domain';
import type { Database } from '../../src/db/client';
import { donations, donors, virtualAccounts } from '../../src/db/schema/index';

export async function insertAwaitedTransfer(
  db: Database,
  input: { userId: number; email: string; amount: number; expiresInDays: number; associateId?: number },
): Promise<{ donationId: number; expiration: Date }> {
  const [donor] = await db.insert(donors).values({ email: input.email, lastName: '佐藤', firstName: '健太' }).returning();
  const [gift] = await db
    .insert(donations)
    .values({
      associateId: input.associateId ?? 2,
      userId: input.userId,
      donorId: donor!.id,
      amount: input.amount,
      type: 1,
      paymentMethod: PaymentMethodId.BANK_TRANSFER,
      status: 'awaiting_transfer',
      needReceipt: true,
    })
    .returning();
  const expiration = new Date(Date.now() + input.expiresInDays * 86_400_000);
  await db.insert(virtualAccounts).values({
    donationId: gift!.id,
    provider: 'sandbox-bank',
    providerAccountId: `va_history_${gift!.id}`,
    bankName: 'デモネット銀行',
    bankNameEn: 'Demo Net Bank',
    branchName: 'きふ支店',
    accountNumber: '7654321',
    accountHolder: 'キフ（カ',
    amount: input.amount,
    expirationDate: expiration,
  });
  return { donationId: gift!.id, expiration };
}
