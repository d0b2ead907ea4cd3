// Every UI string exists in both catalogues (spec §1: ja and en), with the same ICU arguments.
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ja from '../../messages/ja.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const argumentsOf = (text: string) =>
  [...text.matchAll(/\{(\w+)/g)]
    .map((m) => m[1])
    .filter((name) => name !== 'other' && name !== 'one')
    .sort();

describe('message catalogues', () => {
  const jaMessages = flatten(ja as Tree);
  const enMessages = flatten(en as Tree);

  it('have the same keys', () => {
    expect([...enMessages.keys()].sort()).toEqual([...jaMessages.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...jaMessages, ...enMessages]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, value] of jaMessages) expect(argumentsOf(enMessages.get(key) ?? ''), key).toEqual(argumentsOf(value));
  });
});
