// Portfolios (spec §3 "Portfolio"): a named mix of associates. Each change of the mix is a new
// revision so past portfolio donations keep the split they were made with; compositions give
// each associate's share in basis points and a revision's shares sum to 10000.
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { between, createdAt, id, timestamps } from './columns';
import { associates } from './associate';
import { users } from './user';

export const portfolios = pgTable('portfolios', {
  id: id(),
  /** The curator: an associate, a user, or neither (platform-curated). */
  associateId: integer().references(() => associates.id, { onDelete: 'set null' }),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  nameEn: text(),
  description: text().notNull().default(''),
  descriptionEn: text(),
  body: text().notNull().default(''),
  bodyEn: text(),
  mainVisualPath: text().notNull(),
  isPublished: boolean().notNull().default(true),
  ...timestamps,
});

export const portfolioRevisions = pgTable(
  'portfolio_revisions',
  {
    id: id(),
    portfolioId: integer()
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    revision: integer().notNull(),
    note: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique('portfolio_revisions_portfolio_revision_key').on(t.portfolioId, t.revision)],
);

export const portfolioCompositions = pgTable(
  'portfolio_compositions',
  {
    id: id(),
    revisionId: integer()
      .notNull()
      .references(() => portfolioRevisions.id, { onDelete: 'cascade' }),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'restrict' }),
    shareBp: integer().notNull(),
  },
  (t) => [
    unique('portfolio_compositions_revision_associate_key').on(t.revisionId, t.associateId),
    check('portfolio_compositions_share_bp_check', between(t.shareBp, 0, 10000)),
    index('portfolio_compositions_associate_idx').on(t.associateId),
  ],
);
