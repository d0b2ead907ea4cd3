// Address block (spec §5 "Profile": postal code, state, city and street are required; building is
// optional). Whether the address is plausible is a separate, softer question: see
// `suspiciousAddressReasons` in ../address, which only asks the supporter to confirm.
import { z } from 'zod';
import { postalCodeSchema, requiredTextSchema, textSchema } from './fields';

export const addressSchema = z.object(
  {
    postalCode: postalCodeSchema,
    state: requiredTextSchema,
    city: requiredTextSchema,
    street: requiredTextSchema,
    building: textSchema.optional(),
  },
  { error: 'required' },
);

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
