// Every footer link resolves (spec §2 "Footer"): internal ones answer < 400, external ones carry
// the configured address: the environment's, except the associate and peer-to-peer landing pages,
// which the remote configuration overrides (ADR 018). The test reads the same configuration the
// web server parses and the same remote entries it reads.
import { globalConfigUrl, GLOBAL_CONFIG_KEYS, type GlobalConfig } from '@kifu/domain/api/site-config';
import { expect, test, type APIRequestContext } from './fixtures';
import { parseEnv } from '../src/lib/env';
import { closePopupBannersBeforehand } from './popup-banner-helpers';

const config = parseEnv(process.env);

async function externalLinks(request: APIRequestContext, lang: 'ja' | 'en'): Promise<Record<string, string>> {
  const response = await request.get(`/kifuConfig/global?lang=${lang}`);
  expect(response.status()).toBe(200);
  const remote = ((await response.json()) as { content: GlobalConfig }).content;
  return {
    associateLanding: globalConfigUrl(remote, GLOBAL_CONFIG_KEYS.associateLandingUrl) ?? config.ASSOCIATE_LANDING_URL,
    p2pLanding: globalConfigUrl(remote, GLOBAL_CONFIG_KEYS.p2pLandingUrl) ?? config.P2P_LANDING_URL,
    company: config.COMPANY_URL,
    faq: config.FAQ_URL,
    blog: config.BLOG_URL,
    snsX: config.SNS_X_URL,
    snsFacebook: config.SNS_FACEBOOK_URL,
    brandPledge: config.BRAND_PLEDGE_URL,
  };
}
const INTERNAL = [
  'exploreBySocialChallenge',
  'allAssociates',
  'campaigns',
  'top',
  'brandAssets',
  'privacyPolicy',
  'termsForSupporters',
  'termsForAssociates',
  'scta',
  'help',
];

for (const prefix of ['', '/en']) {
  test(`footer links resolve (${prefix || 'ja'})`, async ({ page, request }) => {
    const external = await externalLinks(request, prefix ? 'en' : 'ja');
    await page.goto(`${prefix}/asset`);
    const footer = page.getByTestId('site-footer');

    for (const [label, href] of Object.entries(external)) {
      const link = footer.getByTestId(`footer-link-${label}`);
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }

    const seen = new Set<string>();
    for (const label of INTERNAL) {
      const links = footer.getByTestId(`footer-link-${label}`);
      expect(await links.count(), label).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''))) {
        expect(href.startsWith(`${prefix}/`) || href === prefix, `${label} → ${href}`).toBe(true);
        seen.add(href);
      }
    }
    for (const href of seen) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBeLessThan(400);
    }
    // Terms links land on their sections.
    expect(seen).toContain(`${prefix}/terms-of-service#supporter-section`);
    expect(seen).toContain(`${prefix}/help?from=site`);
    await expect(footer.getByTestId('footer-copyright')).toHaveText(`© 2021 ${config.COMPANY_NAME}. All rights reserved.`);
  });
}

test('terms links scroll to their sections', async ({ page, request }) => {
  await closePopupBannersBeforehand(page, request);
  await page.goto('/');
  await page.getByTestId('site-footer').getByTestId('footer-link-termsForAssociates').filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/terms-of-service#associate-section$/);
  await expect(page.locator('#associate-section')).toBeInViewport();
});

test('legal links sit in a row on large screens and in the About column on small ones', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/asset');
  const footer = page.getByTestId('site-footer');
  await expect(footer.getByTestId('footer-legal-row')).toBeVisible();
  await expect(footer.getByTestId('footer-legal-in-column').first()).toBeHidden();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(footer.getByTestId('footer-legal-row')).toBeHidden();
  await expect(footer.getByTestId('footer-legal-in-column').first()).toBeVisible();
});
