// Error reporting in the browser (ADR 050, 086): the SDK is loaded only once the page has loaded and
// the main thread is idle, and what went wrong before that still reaches the ingest (the sandbox's,
// which the stack's SENTRY_DSN names), as does what goes wrong after.
import { expect, test, type APIRequestContext } from './fixtures';

const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? '4110'}`;

/** A few random letters: digits beside letters would look like a token, which reports leave out (spec §8). */
const letters = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The error events the ingest received whose exception says `marker`. */
async function eventsSaying(request: APIRequestContext, marker: string) {
  const { items } = (await (await request.get(`${SANDBOX_URL}/error-tracking/events?type=event&limit=1000`)).json()) as {
    items: { exceptionValue: string | null; platform: string | null; sdk: string | null }[];
  };
  return items.filter((item) => item.exceptionValue?.includes(marker));
}

test('an uncaught error in a page reaches error reporting, whether it comes before the reporter has loaded or after', async ({
  page,
  request,
}) => {
  const early = `early page error ${letters()}`;
  const late = `late page error ${letters()}`;
  // Thrown by nobody's code as the page finishes loading: before the SDK's chunk is even asked for.
  await page.addInitScript((message) => {
    addEventListener('load', () => setTimeout(() => Promise.reject(new Error(message))), { once: true });
  }, early);
  await page.goto('/campaign');
  await expect.poll(() => eventsSaying(request, early), { timeout: 30_000 }).toHaveLength(1);
  const [event] = await eventsSaying(request, early);
  expect(event!.platform).toBe('javascript');

  // Once the reporter runs, the SDK's own handlers catch what nobody caught, once.
  await page.evaluate((message) => setTimeout(() => Promise.reject(new Error(message))), late);
  await expect.poll(() => eventsSaying(request, late), { timeout: 30_000 }).toHaveLength(1);
  // Nothing was sent twice.
  expect(await eventsSaying(request, early)).toHaveLength(1);
});
