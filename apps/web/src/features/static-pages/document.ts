// The shape of the long-form content pages (privacy policy, terms, help): sections with headings and
// paragraphs or lists, one object per locale. Both locales share the section ids, so anchors such as
// /terms-of-service#associate-section work in either language (content.test.ts checks it).
import type { AppLocale } from '@/i18n/routing';

/** A paragraph, or a bulleted (or numbered) list. */
export type Block = string | { items: readonly string[]; ordered?: boolean };

export type DocumentSection = { id: string; heading: string; body: readonly Block[] };

export type LegalDocument = {
  /** Shown under the title, e.g. "Established 1 April 2021, last revised …". */
  dates: string;
  preamble: readonly Block[];
  sections: readonly DocumentSection[];
};

export type Localised<T> = Record<AppLocale, T>;

/** The terms: one page, a part per audience (spec §2: hash supporter-section or associate-section). */
export type TermsPart = {
  id: 'supporter-section' | 'associate-section';
  heading: string;
  intro: string;
  articles: readonly DocumentSection[];
};
export type TermsDocument = { dates: string; preamble: readonly Block[]; parts: readonly TermsPart[] };

/** Help: questions with answers, in topics. Each question has an id so it can be linked to. */
export type HelpQuestion = { id: string; question: string; answer: readonly Block[] };
export type HelpTopic = { id: string; heading: string; questions: readonly HelpQuestion[] };
