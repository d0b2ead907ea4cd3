import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecurringSwitchList } from './recurring-switch-list';

const items = [
  { associateName: 'こども食堂みらい', donorName: '山田 花子' },
  { associateName: '里山の森基金', donorName: '山田 花子' },
  { associateName: 'わんにゃんホーム', donorName: '山田 太郎' },
  { associateName: 'ゆいネット', donorName: '山田 花子' },
];

const textOf = (html: string) =>
  [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

describe('RecurringSwitchList', () => {
  it('lists the first 2 donations and the rest as And N more', () => {
    expect(textOf(renderToStaticMarkup(<RecurringSwitchList items={items} locale="en" />))).toEqual([
      'こども食堂みらい 山田 花子',
      '里山の森基金 山田 花子',
      'And 2 more',
    ]);
    expect(textOf(renderToStaticMarkup(<RecurringSwitchList items={items.slice(0, 3)} locale="ja" />)).at(-1)).toBe('ほか1件');
  });

  it('has no remainder line for 2 or fewer', () => {
    expect(textOf(renderToStaticMarkup(<RecurringSwitchList items={items.slice(0, 2)} locale="en" />))).toHaveLength(2);
  });
});
