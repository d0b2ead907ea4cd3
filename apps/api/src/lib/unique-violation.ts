// PostgreSQL's unique_violation (23505), found through Drizzle's wrapping errors (`cause`); with
// `constraint`, only that index counts (a driver that names none is taken at its word).
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint: name } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
