// The demo graph of a fresh install (architecture.md §5: `npm start` seeds an empty database).
// Everything is inserted in one transaction and returned, so tests and fixtures can refer to
// what was created (conventions.md #7).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { SOCIAL_CHALLENGES } from './data/social-challenges';
import { seedActivityReports, seedAssociates } from './seed-associates';
import { seedCampaignTemplates, seedCampaigns } from './seed-campaigns';
import { seedConsoleGifts } from './seed-console-gifts';
import { seedPstCrowd } from './seed-pst-crowd';
import { seedStatements } from './seed-statements';
import { seedDonations } from './seed-donations';
import { seedPortfolios } from './seed-portfolios';
import { seedSiteConfig } from './seed-site-config';
import { seedAssociateMembers, seedUsers } from './seed-users';

export type DemoGraph = NonNullable<Awaited<ReturnType<typeof seedDemoData>>>;

/** True when no associate exists yet: the database has never been seeded nor used. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: t.associates.id }).from(t.associates).limit(1);
  return rows.length === 0;
}

/** Seeds the demo data, or returns null when the database already has data. */
export async function seedDemoData(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    // Two API instances booting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kifu:seed-demo-data'))`);
    if (!(await isDatabaseEmpty(tx))) return null;

    const socialChallenges = await tx
      .insert(t.socialChallenges)
      .values(SOCIAL_CHALLENGES.map((challenge, index) => ({ ...challenge, sortOrder: index })))
      .returning();
    const users = await seedUsers(tx);
    const associates = await seedAssociates(tx, new Map(socialChallenges.map((challenge) => [challenge.slug, challenge.id])));
    // Associates were inserted with explicit ids; move the identity past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('associates', 'id'), (select max(id) from associates))`);
    const associateMembers = await seedAssociateMembers(tx, users.userIdOf);
    const activityReports = await seedActivityReports(tx, now);
    const portfolios = await seedPortfolios(tx);
    const campaigns = await seedCampaigns(tx, users.userIdOf, now);
    const campaignTemplates = await seedCampaignTemplates(tx, associates.associates);
    const donations = await seedDonations(tx, { associates, campaigns, portfolios, userIdOf: users.userIdOf }, now);
    // Associates 1 and 6's consoles: three years of gifts, supporters, receipts and recurring support (ADR 062).
    const consoleGifts = await seedConsoleGifts(tx, { associates, userIdOf: users.userIdOf }, now);
    const siteConfig = await seedSiteConfig(tx, (key) => campaigns.campaignByKey.get(key)!.id, now);
    const pstCrowd = await seedPstCrowd(tx, now);
    const money = await seedStatements(
      tx,
      associates.associates.map((associate) => associate.id),
      now,
    );
    return {
      socialChallenges,
      ...users,
      ...associates,
      associateMembers,
      activityReports,
      ...portfolios,
      ...campaigns,
      campaignTemplates,
      ...donations,
      consoleDonors: consoleGifts.donors,
      donations: [...donations.donations, ...consoleGifts.donations],
      donationMessages: [...donations.donationMessages, ...consoleGifts.donationMessages],
      recurringDonations: [...donations.recurringDonations, ...consoleGifts.recurringDonations],
      recurringDonationChanges: consoleGifts.recurringDonationChanges,
      virtualAccounts: [...donations.virtualAccounts, ...consoleGifts.virtualAccounts],
      surveyAnswers: [...donations.surveyAnswers, ...consoleGifts.surveyAnswers],
      receipts: consoleGifts.receipts,
      receiptCounters: consoleGifts.receiptCounters,
      ...siteConfig,
      ...money,
      ...pstCrowd,
    };
  });
}
