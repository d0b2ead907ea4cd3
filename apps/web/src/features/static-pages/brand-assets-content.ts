// Brand assets (ADR 019, spec §2 /asset): the downloadable logo files under
// public/assets/brand/ (PNGs rendered from the SVGs by scripts/render-brand-assets.mjs), the brand
// colours and the usage guidelines, ja and en. brand-assets.test.ts checks every file exists.
import type { Localised } from './document';

export type BrandFile = { format: 'SVG' | 'PNG'; href: string; size?: string };
export type BrandLogo = { id: 'logo' | 'logo-white' | 'mark'; preview: string; onDark: boolean; files: readonly BrandFile[] };

const BRAND_FOLDER = '/assets/brand';

export const BRAND_LOGOS: readonly BrandLogo[] = [
  {
    id: 'logo',
    preview: `${BRAND_FOLDER}/kifu-logo.svg`,
    onDark: false,
    files: [
      { format: 'SVG', href: `${BRAND_FOLDER}/kifu-logo.svg` },
      { format: 'PNG', href: `${BRAND_FOLDER}/kifu-logo.png`, size: '1200×400' },
    ],
  },
  {
    id: 'logo-white',
    preview: `${BRAND_FOLDER}/kifu-logo-white.svg`,
    onDark: true,
    files: [
      { format: 'SVG', href: `${BRAND_FOLDER}/kifu-logo-white.svg` },
      { format: 'PNG', href: `${BRAND_FOLDER}/kifu-logo-white.png`, size: '1200×400' },
    ],
  },
  {
    id: 'mark',
    preview: `${BRAND_FOLDER}/kifu-mark.svg`,
    onDark: false,
    files: [
      { format: 'SVG', href: `${BRAND_FOLDER}/kifu-mark.svg` },
      { format: 'PNG', href: `${BRAND_FOLDER}/kifu-mark.png`, size: '512×512' },
    ],
  },
];

/** The brand colours; the orange and ink are the site's brand-500 and ink (globals.css). */
export const BRAND_COLOURS = [
  { id: 'orange', hex: '#F0642D', rgb: '240, 100, 45' },
  { id: 'deepOrange', hex: '#B33E12', rgb: '179, 62, 18' },
  { id: 'ink', hex: '#1F2330', rgb: '31, 35, 48' },
  { id: 'white', hex: '#FFFFFF', rgb: '255, 255, 255' },
] as const;

export type BrandColourId = (typeof BRAND_COLOURS)[number]['id'];

export type BrandAssetsText = {
  logosHeading: string;
  logosLead: string;
  logos: Record<BrandLogo['id'], { name: string; description: string }>;
  download: string;
  coloursHeading: string;
  colours: Record<BrandColourId, { name: string; use: string }>;
  guidelinesHeading: string;
  clearSpace: string;
  minimumSize: string;
  doHeading: string;
  doItems: readonly string[];
  dontHeading: string;
  dontItems: readonly string[];
  contact: string;
};

export const BRAND_ASSETS_TEXT: Localised<BrandAssetsText> = {
  ja: {
    logosHeading: 'ロゴ',
    logosLead:
      'Kifuを紹介していただく際や、Kifuで寄付を募っていることをお知らせいただく際に、次のロゴをお使いください。画面や印刷物にはSVGを、SVGを扱えない場合はPNG（背景透過）をおすすめします。',
    logos: {
      logo: { name: 'ロゴ（基本）', description: 'マークとロゴタイプの組み合わせ。白や明るい背景に使います。' },
      'logo-white': { name: 'ロゴ（白抜き）', description: '写真や濃い色の背景に使います。' },
      mark: { name: 'マーク', description: 'アイコンやSNSのプロフィール画像など、正方形の場所に使います。' },
    },
    download: 'ダウンロード',
    coloursHeading: 'ブランドカラー',
    colours: {
      orange: { name: 'Kifuオレンジ', use: 'マーク、ボタン、強調' },
      deepOrange: { name: 'ディープオレンジ', use: '白背景上のオレンジの文字・リンク' },
      ink: { name: 'インク', use: '本文とロゴタイプ' },
      white: { name: 'ホワイト', use: '背景、白抜きのロゴ' },
    },
    guidelinesHeading: '使用ガイドライン',
    clearSpace: '余白：ロゴの周囲には、マークの高さの4分の1以上の余白をとり、文字や他のロゴを近づけないでください。',
    minimumSize: '最小サイズ：ロゴ（基本・白抜き）は画面で高さ24px、印刷で高さ8mm、マークは画面で16px以上で使用してください。',
    doHeading: 'してよいこと',
    doItems: [
      'Kifuで寄付を受け付けていること、Kifuを通じて支援できることの案内に使う',
      '縦横比を保ったまま拡大・縮小する',
      '背景の明るさに合わせて、基本のロゴと白抜きのロゴを使い分ける',
    ],
    dontHeading: 'しないでください',
    dontItems: [
      '縦横比を変える、回転させる、一部を切り取る',
      '色を変える、影・縁取り・グラデーションなどの効果を加える',
      '読みにくい写真や模様の上に置く',
      'Kifuが団体や商品を推薦・保証しているように見える使い方をする',
      'ロゴを自社のロゴや商品名の一部として使う',
    ],
    contact: '上記にあてはまらない使い方や、報道・出版物での使用については、事前にお問い合わせください。',
  },
  en: {
    logosHeading: 'Logos',
    logosLead:
      'Use these logos when you introduce Kifu or tell people that you raise donations on Kifu. SVG is best for screens and print; where SVG cannot be used, take the PNG (transparent background).',
    logos: {
      logo: { name: 'Logo (standard)', description: 'The mark with the logotype, for white or light backgrounds.' },
      'logo-white': { name: 'Logo (white)', description: 'For photographs and dark backgrounds.' },
      mark: { name: 'Mark', description: 'For square places such as app icons and social media profile pictures.' },
    },
    download: 'Download',
    coloursHeading: 'Brand colours',
    colours: {
      orange: { name: 'Kifu orange', use: 'The mark, buttons and highlights' },
      deepOrange: { name: 'Deep orange', use: 'Orange text and links on white' },
      ink: { name: 'Ink', use: 'Body text and the logotype' },
      white: { name: 'White', use: 'Backgrounds and the white logo' },
    },
    guidelinesHeading: 'Usage guidelines',
    clearSpace: "Clear space: keep a margin of at least a quarter of the mark's height around the logo, free of text and other logos.",
    minimumSize: 'Minimum size: the logos at least 24 px high on screen and 8 mm in print; the mark at least 16 px on screen.',
    doHeading: 'Do',
    doItems: [
      'Use the logo to say that you accept donations on Kifu or that people can support you through Kifu.',
      'Scale it up or down, keeping its proportions.',
      'Choose the standard or the white logo to suit the background.',
    ],
    dontHeading: "Don't",
    dontItems: [
      'Stretch, rotate or crop the logo.',
      'Recolour it or add shadows, outlines, gradients or other effects.',
      'Place it on busy photographs or patterns where it is hard to read.',
      'Use it in a way that suggests Kifu endorses or guarantees an organisation or product.',
      'Make it part of your own logo or product name.',
    ],
    contact: 'For any other use, or for use in the press or in publications, please contact us first.',
  },
};
