// What every spec imports instead of '@playwright/test' (ESLint insists): the same API, and a test
// that fails when a page could not find one of its messages (ADR 056). next-intl reports such a
// message by logging its IntlError (`MISSING_MESSAGE: Could not resolve \`nav.login\` …`) to the
// browser's console and showing the key instead; the key is easy to miss in a screenshot, the
// console line is not. Only next-intl's message errors count, so a page's other console output
// (a failed image, an expected 401) fails nothing. A test that asks for `newSupporter` starts with
// a new account with a complete private profile, signed in on its context (donate-helpers'
// signedInSupporter); logIn(page, newSupporter, …) signs in through /login as a person does.
import { test as base, expect } from '@playwright/test';
import { signedInSupporter } from './donate-helpers';

export * from '@playwright/test';

/** The IntlError codes of a message that is missing or broken (use-intl's IntlErrorCode). */
const MESSAGE_ERROR = /\b(MISSING_MESSAGE|INSUFFICIENT_PATH|INVALID_KEY|INVALID_MESSAGE|FORMATTING_ERROR|MISSING_FORMAT): /;

/** Whether a console line is next-intl telling that a message is missing or broken. */
export function isMessageError(text: string): boolean {
  return MESSAGE_ERROR.test(text);
}

export const test = base.extend<{ failOnMissingMessages: void; newSupporter: Awaited<ReturnType<typeof signedInSupporter>> }>({
  failOnMissingMessages: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && isMessageError(message.text()))
          errors.push(`${message.page()?.url() ?? '?'}: ${message.text().split('\n')[0]}`);
      });
      await use();
      expect(errors, 'messages the page could not find (give its client components their namespaces: ClientMessages)').toEqual([]);
    },
    { auto: true },
  ],
  newSupporter: async ({ request, context, baseURL }, use, testInfo) => {
    await use(await signedInSupporter(request, context, baseURL!, testInfo));
  },
});
