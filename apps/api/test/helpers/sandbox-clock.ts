// The sandbox's own clock (POST /__control/clock moves it), as the card schedule tests read it.
import type { TestSandbox } from './start-sandbox';

type Sandbox = Pick<TestSandbox, 'url' | 'advanceClock'>;

export async function sandboxNow(sandbox: Sandbox): Promise<Date> {
  const response = await fetch(`${sandbox.url}/__control/clock`);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Moves the sandbox clock to 10:00 in Japan on `date` (YYYY-MM-DD) and runs what is due, as Omise's daily runner does. */
export async function runSchedulesOn(sandbox: Sandbox, date: string): Promise<{ ran: unknown[] }> {
  const target = Date.parse(`${date}T10:00:00+09:00`);
  const now = await sandboxNow(sandbox);
  if (target > now.getTime()) await sandbox.advanceClock(target - now.getTime());
  const response = await fetch(`${sandbox.url}/card/__run-schedules`, { method: 'POST' });
  if (!response.ok) throw new Error(`the sandbox's schedule runner answered ${response.status}`);
  return (await response.json()) as { ran: unknown[] };
}
