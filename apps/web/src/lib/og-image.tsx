// Open Graph images the project draws itself (ADR 020): a 1200×630 card with the page's
// kind, title and subtitle in the brand colours, rendered by next/og (satori + resvg) on the server.
// Japanese titles need a CJK font: satori cannot read the system's .ttc collections, so the bold
// Noto Sans JP TrueType file ships as an npm dependency and is read once per server process.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ImageResponse } from 'next/og';
import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';

export const ogImageSize = { width: 1200, height: 630 } as const;
export const ogImageContentType = 'image/png';

const FONT_FILE = join('node_modules', '@expo-google-fonts', 'noto-sans-jp', '700Bold', 'NotoSansJP_700Bold.ttf');
let fontData: Promise<Buffer> | undefined;

/**
 * The font's path: OG_FONT_FILE (set by src/server/serve.ts, which resolves the package normally),
 * else the first node_modules up from the working directory. Found at run time on purpose: the
 * bundler would otherwise try, and fail, to bundle the .ttf file.
 */
function fontPath(): string {
  if (process.env.OG_FONT_FILE) return process.env.OG_FONT_FILE;
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(/*turbopackIgnore: true*/ join(dir, FONT_FILE))) return join(dir, FONT_FILE);
    if (dirname(dir) === dir) throw new Error(`Open Graph font not found: ${FONT_FILE} (npm install, or set OG_FONT_FILE)`);
  }
}

function notoSansJpBold(): Promise<Buffer> {
  fontData ??= readFile(/*turbopackIgnore: true*/ fontPath());
  return fontData;
}

export interface OgCard {
  /** Small label above the title: what the page is (e.g. 'Campaign'). */
  kind: string;
  title: string;
  /** A line under the title, e.g. the associate's name; optional. */
  subtitle?: string;
  /** The site's name, shown at the bottom. */
  siteName: string;
}

/** Titles longer than this are cut with an ellipsis so the card never overflows. */
const TITLE_MAX = 60;

export function clampTitle(title: string, max = TITLE_MAX): string {
  const chars = Array.from(title.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

export async function renderOgImage(card: OgCard): Promise<ImageResponse> {
  const font = await notoSansJpBold();
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        background: 'linear-gradient(135deg, #fff4ef 0%, #ffe3d6 100%)',
        color: '#1f2330',
        fontFamily: 'Noto Sans JP',
      }}
    >
      <div style={{ display: 'flex', fontSize: 30, color: '#b33e12' }}>{card.kind}</div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <div style={{ display: 'flex', fontSize: 60, lineHeight: 1.3 }}>{clampTitle(card.title)}</div>
        {card.subtitle ? <div style={{ display: 'flex', fontSize: 32, color: '#5d6475' }}>{clampTitle(card.subtitle, 40)}</div> : null}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 34 }}>
        <div style={{ display: 'flex', width: 44, height: 44, borderRadius: 22, background: '#f0642d' }} />
        {card.siteName}
      </div>
    </div>,
    { ...ogImageSize, fonts: [{ name: 'Noto Sans JP', data: font, weight: 700, style: 'normal' }] },
  );
}

/**
 * What an opengraph-image route answers for a page: the card of `load`'s title, or a 404 when
 * the page's record is unknown (load gives null), so a shared link never shows a wrong card.
 */
export async function ogImageResponse(
  locale: AppLocale,
  kind: 'portfolio' | 'campaign' | 'associate' | 'report',
  page: { title: string; subtitle?: string } | null,
): Promise<Response> {
  if (!page) return new Response('Not Found', { status: 404 });
  const t = await getTranslations({ locale });
  return renderOgImage({ kind: t(`og.${kind}`), title: page.title, subtitle: page.subtitle, siteName: t('site.name') });
}
