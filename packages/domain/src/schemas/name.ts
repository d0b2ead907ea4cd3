// Name and phonetic-name pairs (spec §3 "User profile"). Phonetic names are optional here; when an
// associate requires them is decided in user-profile.ts (spec §5 "Profile").
import { z } from 'zod';
import { katakanaSchema, requiredTextSchema } from './fields';

export const nameSchema = z.object({ lastName: requiredTextSchema, firstName: requiredTextSchema }, { error: 'required' });
export type NameInput = z.input<typeof nameSchema>;
export type Name = z.output<typeof nameSchema>;

export const nameKanaSchema = z.object(
  { lastNameKana: katakanaSchema.optional(), firstNameKana: katakanaSchema.optional() },
  { error: 'required' },
);
export type NameKanaInput = z.input<typeof nameKanaSchema>;
export type NameKana = z.output<typeof nameKanaSchema>;
