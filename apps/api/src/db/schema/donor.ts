// A donor is the personal data entered for one gift (spec §3 "Donor", donor payload), kept as a
// snapshot so a receipt shows what was given even after the user edits their profile.
import { GENDER_IDS } from '@kifu/domain';
import { boolean, check, date, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, postalAddressColumns } from './columns';

export const donors = pgTable(
  'donors',
  {
    id: id(),
    email: text().notNull(),
    /** Corporate donors use the corporate variants of the name fields (spec §6). */
    isCorporate: boolean().notNull().default(false),
    lastName: text().notNull(),
    firstName: text().notNull().default(''),
    lastNameKana: text().notNull().default(''),
    firstNameKana: text().notNull().default(''),
    birthday: date({ mode: 'string' }),
    gender: smallint(),
    ...postalAddressColumns(),
    createdAt: createdAt(),
  },
  (t) => [check('donors_gender_check', oneOf(t.gender, GENDER_IDS))],
);
