import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isFieldRuleKey, toFieldError } from './rule-keys';

describe('toFieldError', () => {
  it('carries the path, the rule key and the bound', () => {
    const schema = z.object({ name: z.object({ last: z.string().max(3, 'maxLength') }), pin: z.string().min(4, 'minLength') });
    const issues = schema.safeParse({ name: { last: 'abcd' }, pin: '1' }).error!.issues;
    expect(issues.map(toFieldError)).toEqual([
      { path: ['name', 'last'], rule: 'maxLength', params: { max: 3 } },
      { path: ['pin'], rule: 'minLength', params: { min: 4 } },
    ]);
  });

  it('reports a message that is not a rule key as value', () => {
    const issue = z.number().safeParse('x').error!.issues[0]!;
    expect(toFieldError(issue).rule).toBe('value');
  });

  it('knows its keys', () => {
    expect(isFieldRuleKey('pattern.katakana')).toBe(true);
    expect(isFieldRuleKey('Invalid input')).toBe(false);
  });
});
