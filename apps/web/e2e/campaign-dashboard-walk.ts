// Starting a campaign from a template and every page of its dashboard, for specs that check each
// page the same way (accessibility.spec.ts: axe; reflow.spec.ts: the width at 320 px).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const DASHBOARD_SECTIONS = [
  'campaign',
  'campaign/content',
  'campaign/body',
  'campaign/reward',
  'campaign/check',
  'campaign/preview',
  'report',
  'report/create',
  'message',
] as const;

/**
 * From the signed-in supporter's create-campaign page (already open): the campaign types, the
 * templates of type 1, a campaign started from the first one and each page of its dashboard;
 * `check(label)` runs on each page once it shows.
 */
export async function walkNewCampaignDashboard(page: Page, check: (label: string) => Promise<void>): Promise<void> {
  await expect(page.getByTestId('campaign-types')).toBeVisible();
  await check('create-campaign');
  await page.getByTestId('campaign-type-1').click();
  await expect(page.getByTestId('campaign-templates')).toBeVisible();
  await check('create-campaign/1');
  await page.getByTestId('template-use').first().click();
  await expect(page.getByTestId('dashboard-setting')).toBeVisible();
  await check('dashboard campaign/setting');
  const base = new URL(page.url()).pathname.replace(/\/campaign\/setting$/, '');
  for (const section of DASHBOARD_SECTIONS) {
    await page.goto(`${base}/${section}`);
    await expect(page.getByTestId('campaign-dashboard')).toBeVisible();
    await check(`dashboard ${section}`);
  }
}
