import { describe, expect, it } from 'vitest';
import { inLanguage } from './localised-text';

describe('inLanguage', () => {
  it('gives English readers the English twin, and the Japanese text where there is none', () => {
    expect(inLanguage('こども食堂', 'Children’s cafeteria', 'en')).toBe('Children’s cafeteria');
    expect(inLanguage('こども食堂', null, 'en')).toBe('こども食堂');
    expect(inLanguage('こども食堂', '', 'en')).toBe('こども食堂');
  });

  it('gives Japanese readers the Japanese text', () => {
    expect(inLanguage('こども食堂', 'Children’s cafeteria', 'ja')).toBe('こども食堂');
  });
});
