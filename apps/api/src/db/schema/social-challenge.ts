// Social challenges (spec §2 /explore/associate/social-challenge/{slug}); associates link to many.
import { foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, sortOrder, timestamps } from './columns';
import { associates } from './associate';

export const socialChallenges = pgTable('social_challenges', {
  id: id(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  nameEn: text(),
  sortOrder: sortOrder(),
  ...timestamps,
});

export const associateSocialChallenges = pgTable(
  'associate_social_challenges',
  {
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    socialChallengeId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.associateId, t.socialChallengeId] }),
    // Named by hand: the generated name exceeds PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'associate_social_challenges_challenge_fk',
      columns: [t.socialChallengeId],
      foreignColumns: [socialChallenges.id],
    }).onDelete('cascade'),
    index('associate_social_challenges_challenge_idx').on(t.socialChallengeId),
  ],
);
