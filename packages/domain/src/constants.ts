// Business constants and limits of spec §9, in one place. Money is integer yen.

export const COMMISSION_RATE = 0.05;
export const CAMPAIGN_COMMISSION_RATE = 0.06;
export const CONSUMPTION_TAX_RATE = 0.1;

export const MAX_AMOUNT = {
  creditCard: 6_000_000,
  walletPay: 6_000_000,
  bankTransfer: 9_999_999,
} as const;
/** Annual card donation (membership) bounds. */
export const ANNUAL_CARD_MAX = 6_000_000;
export const ANNUAL_CARD_MIN = 300;
/** Smallest gift outside annual membership: the card gateway's JPY minimum, applied to every method so the form note is the same (ADR 003). */
export const MIN_AMOUNT = 100;

/** Associates whose donations are not tax-deductible. */
export const NON_DEDUCTIBLE_ASSOCIATE_IDS: readonly number[] = [2183, 2565, 2624, 2658, 3238, 3215, 2835, 3584, 3612, 3689];
/** Associates for which the kana-name fields are enabled (required once a name is typed). */
export const KANA_REQUIRED_ASSOCIATE_IDS: readonly number[] = [29];
export const SPECIAL_ASSOCIATE_ID = 3525;

export const DONATION_SUBMISSION_LOGGING = true;
export const BANK_TRANSFER_TROUBLE_CAUTION = false;
export const USAGE_STATS_CAMPAIGN_IDS: readonly number[] = [];

export const CURRENCY = 'JPY';
export const COUNTRY = 'JP';

/**
 * The most pixels an uploaded image may have (width × height, read from its header before it is
 * decoded): a few-kilobyte PNG can claim 16000 × 16000 and cost a second and a gigabyte to decode
 * (ADR 055). The largest size we store is 1600 × 840; 25 megapixels still takes a 24-megapixel
 * camera's 6000 × 4000 photo.
 */
export const UPLOAD_IMAGE_MAX_PIXELS = 25_000_000;

export const PASSWORD_MIN_LENGTH = 6;
/** An account without a password changes its email only this soon after signing in (ADR 055). */
export const EMAIL_CHANGE_RECENT_LOGIN_MINUTES = 10;
/** How long the link mailed to the old address can undo an email change (ADR 055). */
export const EMAIL_CHANGE_UNDO_HOURS = 72;
export const DUPLICATE_DONATION_WINDOW_MS = 10 * 60 * 1000;
/** The completion screen's message to the campaign or associate (ADR 010): 1 to this many characters. */
export const DONATION_MESSAGE_MAX_LENGTH = 1000;
/** The display name a message is published under. */
export const DONATION_MESSAGE_NAME_MAX_LENGTH = 100;
export const POSTAL_CODE_LENGTH = 7;
export const PREFECTURE_COUNT = 47;
export const EXPIRY_YEAR_MAX = 99;
export const EXPIRY_YEAR_PREFIX = 20;
export const THOUSANDS_GROUP = 3;
export const RECURRING_DIALOG_LIST_SIZE = 2;
/** Supporters' messages a campaign page shows, the latest first; the rest are one link away (its preview shows the same). */
export const CAMPAIGN_PAGE_MESSAGES = 5;

export const VERSION_POLL_MS = 10_000;
export const TOAST_DURATION_MS = { success: 3_000, warning: 3_000, error: 10_000, info: Infinity } as const;

export const AUTH_COOKIE_NAME = 'user_token';
export const AUTH_COOKIE_MAX_AGE_DAYS = 60;
export const LEGACY_TOKEN_EXPIRY_MS = 5_184_000_000;
export const LEGACY_TOKEN_KEY = 'legacy-token';

export const VIEW_HISTORY_SIZE = 5;

export const SCROLL = { intervalMs: 100, thresholdPx: 100, movePx: 100, showDelayMs: 150 } as const;
export const LINK_PREFETCH_MARGIN = '200px';
export const ANALYTICS_COOKIE_MAX_AGE_S = 86_400;
export const COLOUR_MODE_COOKIE_MAX_AGE_S = 31_536_000;

export const BREAKPOINTS = { sm: '30em', md: '48em', lg: '62em', xl: '80em', '2xl': '96em' } as const;
export const PAGE_WIDTH = { sm: '52rem', md: '65rem', lg: '78rem' } as const;
export const NAVBAR_HEIGHT = '3.75rem';

export const PROGRESS_BAR = { speedMs: 300, trickleMs: 100 } as const;

export const BOT_CHECK_ACTION = 'submit';
export const BOT_CHECK_MIN_SCORE = 0.5;

export const TRACE_SAMPLE_RATE = 0.001;
