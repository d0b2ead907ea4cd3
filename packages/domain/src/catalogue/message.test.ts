import { describe, expect, it } from 'vitest';
import { formatMessage, localise } from './message';

describe('formatMessage', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('And {count} more', { count: 3 })).toBe('And 3 more');
    expect(formatMessage('{a}/{b}', { a: 'x' })).toBe('x/{b}');
    expect(formatMessage('no placeholders')).toBe('no placeholders');
  });

  it('localise picks the language', () => {
    expect(localise({ ja: 'ほか{count}件', en: 'And {count} more' }, 'ja', { count: 2 })).toBe('ほか2件');
  });
});
