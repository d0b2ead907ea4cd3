// Lets one failing API call blank a section instead of the whole page (the top page keeps its
// hero, navigation and other sections when, say, portfolios cannot be loaded).
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}
