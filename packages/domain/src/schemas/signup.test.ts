import { describe, expect, it } from 'vitest';
import { signupSchema } from './signup';
import { rulesOf } from './test-helpers';

describe('signupSchema', () => {
  it('needs a valid email and a password of at least 6 characters', () => {
    expect(signupSchema.parse({ email: ' taro@example.com ', password: 'secret' })).toEqual({
      email: 'taro@example.com',
      password: 'secret',
    });
    expect(rulesOf(signupSchema, { email: 'taro', password: 'short' })).toEqual({ email: 'pattern', password: 'minLength' });
    expect(rulesOf(signupSchema, {})).toEqual({ email: 'required', password: 'required' });
  });
});
