// Between the snake_case private profile of the wire and the user_private_profiles row.
import { userPrivateProfiles } from '../db/schema/index';
import type { PrivateProfilePatch, PrivateProfileResponse } from './private-profile-schema';

type PrivateProfileRow = typeof userPrivateProfiles.$inferSelect;
type PrivateProfileValues = Partial<Omit<typeof userPrivateProfiles.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>>;

/** The columns a body sets; fields the body leaves out are left out, so they keep their value. */
export function privateProfileValues(body: PrivateProfilePatch): PrivateProfileValues {
  const values: PrivateProfileValues = {
    firstName: body.first_name,
    lastName: body.last_name,
    firstNameKana: body.first_name_kana,
    lastNameKana: body.last_name_kana,
    birthday: body.birthday,
    gender: body.gender,
    country: body.country,
    zipCode: body.zip_code,
    area: body.area,
    city: body.city,
    address1: body.address1,
    address2: body.address2,
    phone: body.phone,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as PrivateProfileValues;
}

export function toPrivateProfileResponse(row: PrivateProfileRow): PrivateProfileResponse {
  return {
    user: row.userId,
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    first_name_kana: row.firstNameKana,
    last_name_kana: row.lastNameKana,
    gender: row.gender,
    birthday: row.birthday,
    country: row.country,
    zip_code: row.zipCode,
    area: row.area,
    city: row.city,
    address1: row.address1,
    address2: row.address2,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
