// Reflow at 320 CSS px (WCAG 2.2 SC 1.4.10, ADR 058), in ja and en: on every page family the
// document is no wider than a 320 px viewport, so nobody on a small phone (or zoomed to 400 %) has
// to scroll sideways to read a line. A wide table may scroll inside its own box; the page may not.
// A failure names the elements that stick out, so it says what to fix.
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { walkNewCampaignDashboard } from './campaign-dashboard-walk';
import { closePopupBannersBeforehand } from './popup-banner-helpers';
import { demoAccount, logIn } from './sign-in-helpers';
import {
  ASSOCIATE_UID,
  authenticate3ds,
  chooseAmount,
  fillSupporter,
  goNext,
  openDonateForm,
  TEST_CARDS,
  uniqueEmail,
} from './donate-helpers';

const WIDTH = 320;
const LOCALES = [
  { locale: 'ja', prefix: '', preset: '3,000円' },
  { locale: 'en', prefix: '/en', preset: '¥3,000' },
] as const;

/**
 * How far the document scrolls sideways, and the elements that stick out past the viewport's right
 * edge while their parent does not (where the overflow starts). Elements inside a box that clips or
 * scrolls sideways, and fixed ones, do not widen the document and are left out.
 */
async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
  // Hydrated client components and web fonts change widths: measure the settled page.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((width) => {
    const clipsSideways = (element: Element) => ['hidden', 'auto', 'scroll', 'clip'].includes(getComputedStyle(element).overflowX);
    const inFlow = (element: Element) => {
      for (let node: Element | null = element; node && node !== document.documentElement; node = node.parentElement) {
        if (getComputedStyle(node).position === 'fixed') return false;
        if (node !== element && clipsSideways(node)) return false;
      }
      return true;
    };
    const sticksOut = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 0.5;
    };
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const rect = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}.${String(element.getAttribute('class') ?? '')
        .split(/\s+/)
        .slice(0, 6)
        .join('.')} right=${Math.round(rect.right)} "${text}"`;
    };
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)) && inFlow(element))
      .slice(0, 8)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, offenders };
  }, WIDTH);
}

/** Visits each path at 320 px; answers the overflowing ones with what sticks out. */
async function overflowingPages(page: Page, prefix: string, paths: string[], ready?: (path: string) => Promise<void>) {
  const failures: Record<string, { scrollWidth: number; offenders: string[] }> = {};
  for (const path of paths) {
    await page.goto(`${prefix}${path}`);
    await ready?.(path);
    const found = await horizontalOverflow(page);
    if (found.scrollWidth > WIDTH) failures[path] = found;
  }
  return failures;
}

interface Ids {
  campaignId: number;
  reportId: number;
  portfolioId: number;
}

async function demoIds(request: APIRequestContext): Promise<Ids> {
  const campaigns = (await (await request.get('/backend/campaign/?lang=ja&page_size=100')).json()) as { results: { id: number }[] };
  let found: { campaignId: number; reportId: number } | undefined;
  for (const { id } of campaigns.results) {
    const detail = (await (await request.get(`/backend/campaign/${id}/?lang=ja`)).json()) as { reports?: { id: number }[] };
    if (detail.reports?.length) {
      found = { campaignId: id, reportId: detail.reports[0]!.id };
      break;
    }
  }
  expect(found, 'the demo data has a campaign with a report').toBeDefined();
  const portfolios = (await (await request.get('/backend/portfolio/?lang=ja&page_size=50')).json()) as { results: { id: number }[] };
  return { ...found!, portfolioId: portfolios.results[0]!.id };
}

/** The pages anyone may open, in groups so that each test stays short on a loaded machine. */
const PUBLIC_GROUPS: { name: string; paths: (ids: () => Promise<Ids>) => Promise<string[]> }[] = [
  { name: 'the top page, the lists and the 404 page', paths: async () => ['/', '/associate', '/campaign', '/portfolio', '/no/such/page'] },
  {
    name: 'a campaign page, its reports and messages',
    // Campaign 10 is the one reported scrolling sideways (its two link buttons side by side).
    paths: async (ids) => {
      const { campaignId, reportId } = await ids();
      return [
        '/campaign/10',
        `/campaign/${campaignId}`,
        `/campaign/${campaignId}/report`,
        `/campaign/${campaignId}/report/${reportId}`,
        `/campaign/${campaignId}/message`,
      ];
    },
  },
  {
    name: 'an associate page and its sections',
    paths: async () => [
      `/associate/${ASSOCIATE_UID}`,
      `/associate/${ASSOCIATE_UID}/vision`,
      `/associate/${ASSOCIATE_UID}/business`,
      `/associate/${ASSOCIATE_UID}/campaign`,
      '/explore/associate/social-challenge',
    ],
  },
  {
    name: 'a portfolio and the static pages',
    paths: async (ids) => [`/portfolio/${(await ids()).portfolioId}`, '/terms-of-service', '/privacy-policy', '/scta', '/help', '/asset'],
  },
  {
    name: 'login, sign-up and the pages for guests',
    paths: async () => ['/login', '/signup', '/password-recovery', '/auth/application/edit-recurring-donations', '/credit'],
  },
];

test.describe('reflow at 320 CSS px', () => {
  test.use({ viewport: { width: WIDTH, height: 640 } });

  for (const { locale, prefix, preset } of LOCALES) {
    for (const group of PUBLIC_GROUPS)
      test(`${locale}: ${group.name} need no sideways scrolling`, async ({ page, request }) => {
        test.setTimeout(180_000);
        await closePopupBannersBeforehand(page, request);
        const paths = await group.paths(() => demoIds(request));
        expect(await overflowingPages(page, prefix, paths)).toEqual({});
      });

    test(`${locale}: the top page's popup banner and the mobile menu fit`, async ({ page }) => {
      await page.goto(`${prefix}/`);
      await expect(page.getByTestId('popup-banner')).toBeVisible({ timeout: 30_000 });
      const withBanner = await horizontalOverflow(page);
      expect(withBanner.scrollWidth, withBanner.offenders.join('\n')).toBeLessThanOrEqual(WIDTH);
      await page.getByTestId('popup-banner-close').click();
      await page.getByTestId('mobile-menu-trigger').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const withMenu = await horizontalOverflow(page);
      expect(withMenu.scrollWidth, withMenu.offenders.join('\n')).toBeLessThanOrEqual(WIDTH);
    });

    test(`${locale}: every step of the donate form needs no sideways scrolling`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const failures: Record<string, unknown> = {};
      const check = async (label: string) => {
        const found = await horizontalOverflow(page);
        if (found.scrollWidth > WIDTH) failures[label] = found;
      };
      await openDonateForm(page, `${prefix}/associate/${ASSOCIATE_UID}/donate`);
      await check('amount step');
      await chooseAmount(page, { method: 'creditCard', preset });
      await goNext(page, 'payment');
      await check('payment step');
      await fillSupporter(page, { email: uniqueEmail(testInfo, `reflow-${locale}`), card: TEST_CARDS.success });
      await goNext(page, 'confirmation');
      await check('confirmation step');
      await page.getByTestId('donate-submit').click();
      await authenticate3ds(page);
      await expect(page.getByTestId('donate-done')).toBeVisible({ timeout: 30_000 });
      await check('done step');
      // A campaign's form offers its rewards; a portfolio's names its organisations.
      const campaign = (await (await page.request.get('/backend/campaign/10/?lang=ja')).json()) as { associate: { uid: string } };
      await openDonateForm(page, `${prefix}/associate/${campaign.associate.uid}/donate?campaign=10`);
      await check('campaign 10 amount step');
      const portfolios = (await (await page.request.get('/backend/portfolio/?lang=ja&page_size=1')).json()) as {
        results: { id: number }[];
      };
      await openDonateForm(page, `${prefix}/portfolio/${portfolios.results[0]!.id}/donate`);
      await check('portfolio amount step');
      expect(failures).toEqual({});
    });

    test(`${locale}: the signed-in supporter's pages need no sideways scrolling`, async ({ page, request }) => {
      test.setTimeout(180_000);
      await closePopupBannersBeforehand(page, request);
      // Hanako, a demo supporter with a year of gifts, recurring support and a saved card.
      await logIn(page, demoAccount('hanako'), '/mypage/support-history', prefix);
      const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date()));
      const ready = async (path: string) => {
        const testId = { '/mypage/support-history': 'history-gift', '/mypage/recurring-support': 'recurring-item' }[path];
        if (testId) await expect(page.getByTestId(testId).first()).toBeVisible();
      };
      const paths = [
        '/mypage',
        '/mypage/account',
        '/mypage/profile',
        '/mypage/credit-card',
        '/mypage/recurring-support',
        '/mypage/support-history',
        `/mypage/tax-summary/${year}`,
        '/mypage/campaigns',
      ];
      expect(await overflowingPages(page, prefix, paths, ready)).toEqual({});
    });

    test(`${locale}: starting a campaign, its dashboard and the staff's reviews need no sideways scrolling`, async ({
      page,
      context,
      request,
      newSupporter,
    }) => {
      test.setTimeout(180_000);
      await closePopupBannersBeforehand(page, request);
      await logIn(page, newSupporter, `/associate/${ASSOCIATE_UID}/create-campaign`, prefix);
      const failures: Record<string, unknown> = {};
      const check = async (label: string) => {
        const found = await horizontalOverflow(page);
        if (found.scrollWidth > WIDTH) failures[label] = found;
      };
      await walkNewCampaignDashboard(page, check);
      await context.clearCookies();
      await logIn(page, demoAccount('sho'), '/staff/reward-checks', prefix);
      await expect(page.getByTestId('staff-review-announcement')).toBeAttached();
      await check('/staff/reward-checks');
      expect(failures).toEqual({});
    });

    test(`${locale}: an organisation's console and Kifu's staff pages need no sideways scrolling`, async ({ page, context }) => {
      test.setTimeout(240_000);
      // Hanako owns this associate: every section of its console, one gift, one supporter, one statement.
      await logIn(page, demoAccount('hanako'), `/dashboard/${ASSOCIATE_UID}/gifts`, prefix);
      const consoleBase = `/dashboard/${ASSOCIATE_UID}`;
      const firstLink = async (path: string, within: string) => {
        await page.goto(`${prefix}${consoleBase}/${path}`);
        const href = await page.locator(`a[href*="${consoleBase}/${within}/"]`).first().getAttribute('href');
        expect(href, `${path} links to one of its items`).toBeTruthy();
        return href!.slice(prefix.length);
      };
      const paths = [
        consoleBase,
        `${consoleBase}/gifts`,
        await firstLink('gifts', 'gifts'),
        `${consoleBase}/supporters`,
        await firstLink('supporters', 'supporters'),
        `${consoleBase}/recurring`,
        `${consoleBase}/donor-register`,
        `${consoleBase}/public-support-test`,
        `${consoleBase}/external-gifts`,
        `${consoleBase}/receipts`,
        `${consoleBase}/statements`,
        await firstLink('statements', 'statements'),
        `${consoleBase}/reports`,
        `${consoleBase}/campaigns`,
        `${consoleBase}/page`,
        `${consoleBase}/settings`,
        `${consoleBase}/members`,
        `${consoleBase}/audit`,
      ];
      const failures = await overflowingPages(page, prefix, paths);
      // Sho is Kifu's staff: the hub, the applications to review and the payout runs.
      await context.clearCookies();
      await logIn(page, demoAccount('sho'), '/staff', prefix);
      Object.assign(failures, await overflowingPages(page, prefix, ['/staff', '/staff/applications', '/staff/payouts']));
      expect(failures).toEqual({});
    });

    test(`${locale}: the form to join Kifu, with its errors listed, needs no sideways scrolling`, async ({ page, newSupporter }) => {
      await logIn(page, newSupporter, '/associate/apply', prefix);
      await expect(page.getByTestId('apply-form')).toBeVisible();
      const failures: Record<string, unknown> = {};
      const before = await horizontalOverflow(page);
      if (before.scrollWidth > WIDTH) failures['the empty form'] = before;
      await page.getByTestId('apply-submit').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('apply-error-summary')).toBeVisible();
      const after = await horizontalOverflow(page);
      if (after.scrollWidth > WIDTH) failures['the form with its errors'] = after;
      expect(failures).toEqual({});
    });
  }
});
