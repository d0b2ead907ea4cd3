// Small text builders for the parts of demo records that follow one pattern across associates.
import { ORGANISATION_TYPES } from '@kifu/domain';
import type { JaEn } from './data/associates';

const LEGAL_FORMS = new Set<string>([...Object.values(ORGANISATION_TYPES).map((type) => type.ja), '特定非営利活動法人']);

/** The name without its legal form: '認定NPO法人 学びのたね' → '学びのたね'. */
export function shortName(name: string): string {
  const [first, ...rest] = name.split(' ');
  return first && LEGAL_FORMS.has(first) && rest.length > 0 ? rest.join(' ') : name;
}

/** Up to two initials for a logo: 'Satoyama Forest Fund' → 'SF'. */
export function initialsOf(nameEn: string): string {
  const words = nameEn.split(/\s+/).filter((word) => /^[A-Z]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

/** 「a」「b」 and "a and b" lists. */
export function listOf(items: readonly JaEn[]): JaEn {
  const en = items.map(([, text]) => text.toLowerCase());
  const enList = en.length > 1 ? `${en.slice(0, -1).join(', ')} and ${en.at(-1)}` : (en[0] ?? '');
  return [items.map(([text]) => `「${text}」`).join(''), enList];
}

/** A deterministic figure in [min, min + steps × step) so demo numbers differ between records. */
export function figure(seed: number, min: number, steps: number, step: number): number {
  return min + (Math.abs(seed * 2654435761) % steps) * step;
}
