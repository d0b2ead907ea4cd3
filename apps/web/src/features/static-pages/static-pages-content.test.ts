// The long-form pages exist in both languages with the same structure (spec §1: ja and en), so a
// link such as /en/terms-of-service#associate-article-3 finds the same place as the Japanese one,
// and the brand asset downloads are real files.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRAND_LOGOS } from './brand-assets-content';
import type { Block } from './document';
import { HELP_TOPICS } from './help-content';
import { PRIVACY_POLICY } from './privacy-policy-content';
import { TERMS_OF_SERVICE } from './terms-of-service-content';

/** The shape of some blocks: 'p' for a paragraph, the item count for a list. */
const shape = (blocks: readonly Block[]) => blocks.map((block) => (typeof block === 'string' ? 'p' : block.items.length));
const texts = (blocks: readonly Block[]) => blocks.flatMap((block) => (typeof block === 'string' ? [block] : block.items));

const privacyIds = (locale: 'ja' | 'en') => PRIVACY_POLICY[locale].sections.map((section) => section.id);
const termsIds = (locale: 'ja' | 'en') =>
  TERMS_OF_SERVICE[locale].parts.flatMap((part) => [part.id, ...part.articles.map((article) => article.id)]);
const helpIds = (locale: 'ja' | 'en') =>
  HELP_TOPICS[locale].flatMap((topic) => [topic.id, ...topic.questions.map((question) => question.id)]);

describe('privacy policy', () => {
  it('has the same sections and paragraphs in ja and en', () => {
    expect(privacyIds('en')).toEqual(privacyIds('ja'));
    PRIVACY_POLICY.ja.sections.forEach((section, index) =>
      expect(shape(PRIVACY_POLICY.en.sections[index]!.body), section.id).toEqual(shape(section.body)),
    );
  });

  it('covers what the issue asks for', () => {
    expect(privacyIds('ja')).toEqual(
      expect.arrayContaining([
        'information-we-collect',
        'purposes',
        'card-data',
        'sharing-with-associates',
        'retention',
        'your-rights',
        'contact',
      ]),
    );
    const card = PRIVACY_POLICY.en.sections.find((section) => section.id === 'card-data')!;
    expect(texts(card.body).join(' ')).toMatch(/never pass through or rest on our servers/);
  });
});

describe('terms of service', () => {
  it('has the two parts the footer links to, with the same articles in ja and en', () => {
    for (const locale of ['ja', 'en'] as const)
      expect(TERMS_OF_SERVICE[locale].parts.map((part) => part.id)).toEqual(['supporter-section', 'associate-section']);
    expect(termsIds('en')).toEqual(termsIds('ja'));
    TERMS_OF_SERVICE.ja.parts.forEach((part, p) =>
      part.articles.forEach((article, a) =>
        expect(shape(TERMS_OF_SERVICE.en.parts[p]!.articles[a]!.body), article.id).toEqual(shape(article.body)),
      ),
    );
  });

  it('gives each part several articles', () => {
    for (const part of TERMS_OF_SERVICE.ja.parts) expect(part.articles.length).toBeGreaterThanOrEqual(5);
  });
});

describe('help', () => {
  it('has the same topics and questions in ja and en', () => {
    expect(helpIds('en')).toEqual(helpIds('ja'));
  });
});

describe('every content page', () => {
  it('uses each id once, and no empty text', () => {
    for (const ids of [privacyIds('ja'), termsIds('ja'), helpIds('ja')]) expect(new Set(ids).size).toBe(ids.length);
    const all = (['ja', 'en'] as const).flatMap((locale) => [
      ...PRIVACY_POLICY[locale].sections.flatMap((section) => [section.heading, ...texts(section.body)]),
      ...TERMS_OF_SERVICE[locale].parts.flatMap((part) => [
        part.heading,
        part.intro,
        ...part.articles.flatMap((article) => [article.heading, ...texts(article.body)]),
      ]),
      ...HELP_TOPICS[locale].flatMap((topic) => [
        topic.heading,
        ...topic.questions.flatMap((question) => [question.question, ...texts(question.answer)]),
      ]),
    ]);
    for (const text of all) expect(text.trim()).not.toBe('');
  });
});

describe('brand assets', () => {
  const publicFile = (href: string) => fileURLToPath(new URL(`../../../public${href}`, import.meta.url));

  it('offers files that exist: SVGs with a viewBox, PNGs of the stated size', () => {
    for (const file of BRAND_LOGOS.flatMap((logo) => [...logo.files, { format: 'SVG', href: logo.preview, size: undefined }])) {
      const path = publicFile(file.href);
      expect(existsSync(path), file.href).toBe(true);
      const bytes = readFileSync(path);
      if (file.format === 'SVG') {
        expect(bytes.toString('utf8')).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      } else {
        expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect(`${bytes.readUInt32BE(16)}×${bytes.readUInt32BE(20)}`).toBe(file.size);
      }
    }
  });
});
