/**
 * Polls until `probe` returns something other than undefined (webhooks arrive asynchronously). The
 * budget is for a machine busy with other work: only something that never arrives should use it up.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, { timeoutMs = 20_000, everyMs = 20 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}
