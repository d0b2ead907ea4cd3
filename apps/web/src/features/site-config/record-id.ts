/** A record id from a query value or path segment: 1 to 9 digits, above zero; undefined otherwise. */
export function recordIdOf(raw: string | null | undefined): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}
