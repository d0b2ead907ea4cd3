// Demo images are drawn by the API itself, so a fresh install has pictures without downloads
// (brief of the demo-data issue). The same kind + seed always gives the same SVG.

/** Pixel size per kind: logos and avatars are square, visuals follow the 1.91:1 share-card ratio. */
export const DEMO_IMAGE_SIZES = {
  logo: [240, 240],
  avatar: [160, 160],
  visual: [1200, 630],
  report: [1200, 630],
  business: [800, 450],
  reward: [600, 400],
} as const;
export type DemoImageKind = keyof typeof DEMO_IMAGE_SIZES;
export const DEMO_IMAGE_KINDS = Object.keys(DEMO_IMAGE_SIZES) as DemoImageKind[];

/** The media path a record stores, e.g. `demo/logo/kodomo.svg?text=KS`; responses prefix MEDIA_BASE_URL. */
export function demoImagePath(kind: DemoImageKind, seed: string, text?: string): string {
  const path = `demo/${kind}/${seed}.svg`;
  return text ? `${path}?text=${encodeURIComponent(text)}` : path;
}

/** FNV-1a, enough to spread seeds over hues and positions. */
function hash(input: string): number {
  let value = 0x811c9dc5;
  for (const char of input) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A small deterministic generator (mulberry32) seeded from the kind and seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);

export function renderDemoSvg(kind: DemoImageKind, seed: string, text?: string): string {
  const [width, height] = DEMO_IMAGE_SIZES[kind];
  const next = random(hash(`${kind}:${seed}`));
  const hue = Math.floor(next() * 360);
  const hue2 = (hue + 30 + Math.floor(next() * 60)) % 360;
  const round = kind === 'avatar' ? ` rx="${width / 2}"` : kind === 'logo' ? ` rx="${width / 6}"` : '';
  const circles = Array.from({ length: 5 }, () => {
    const r = Math.round((0.15 + next() * 0.35) * Math.max(width, height));
    return `<circle cx="${Math.round(next() * width)}" cy="${Math.round(next() * height)}" r="${r}" fill="hsl(${(hue + Math.floor(next() * 90)) % 360} 70% 85%)" opacity="${(0.15 + next() * 0.25).toFixed(2)}"/>`;
  }).join('');
  const wave =
    width > height
      ? `<path d="M0 ${height * 0.78} C ${width * 0.3} ${height * 0.62}, ${width * 0.6} ${height * 0.95}, ${width} ${height * 0.74} L ${width} ${height} L 0 ${height} Z" fill="#fff" opacity="0.18"/>`
      : '';
  const label = text?.trim().slice(0, 24);
  // Text fills about 40 % of a square or a third of a wide image's height, shrunk for long labels.
  const fontSize = label ? Math.round(Math.min(height * (width > height ? 0.16 : 0.4), (width * 0.8) / Math.max(label.length, 1.6))) : 0;
  const caption = label
    ? `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="'Noto Sans JP','Hiragino Sans','Yu Gothic',sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${escapeXml(label)}</text>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 55%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 45%)"/></linearGradient>`,
    `<clipPath id="c"><rect width="${width}" height="${height}"${round}/></clipPath></defs>`,
    `<g clip-path="url(#c)"><rect width="${width}" height="${height}" fill="url(#g)"/>${circles}${wave}${caption}</g></svg>`,
  ].join('');
}
