// A resource read again is the same resource, but the lists inside it (a charge's refunds, a
// customer's cards) end at the moment of the read (`to`, to the second, as Omise's lists do): two
// reads a second apart differ there and nowhere else.
type Json = unknown;

/** `value` with every nested list's `to` left out, for comparing two reads of one resource. */
export function withoutListTimes(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutListTimes);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, Json>;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => !(record.object === 'list' && key === 'to'))
      .map(([key, field]) => [key, withoutListTimes(field)]),
  );
}
