import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEnvError, envBoolean, envJson, envNumber, envPort } from './env';

describe('envBoolean', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    ['TRUE', true],
    ['False', false],
    [' true ', true],
  ])('reads %j as %s', (raw, expected) => {
    expect(envBoolean.parse(raw)).toBe(expected);
  });

  it.each(['yes', 'no', 'on', '', '2'])('rejects %j', (raw) => {
    expect(envBoolean.safeParse(raw).success).toBe(false);
  });

  it('rejects a missing value', () => {
    expect(envBoolean.safeParse(undefined).success).toBe(false);
  });
});

describe('envNumber and envPort', () => {
  it('reads numbers', () => {
    expect(envNumber.parse('12')).toBe(12);
    expect(envNumber.parse(' 0.5 ')).toBe(0.5);
    expect(envPort.parse('4000')).toBe(4000);
  });

  it.each(['12x', '', 'abc', 'Infinity', 'NaN'])('rejects %j', (raw) => {
    expect(envNumber.safeParse(raw).success).toBe(false);
  });

  it('rejects a missing value and ports out of range', () => {
    expect(envNumber.safeParse(undefined).success).toBe(false);
    expect(envPort.safeParse('0').success).toBe(false);
    expect(envPort.safeParse('65536').success).toBe(false);
    expect(envPort.safeParse('80.5').success).toBe(false);
  });
});

describe('envJson', () => {
  const schema = envJson(z.object({ ids: z.array(z.number()) }));

  it('parses and validates JSON', () => {
    expect(schema.parse('{"ids":[1,2]}')).toEqual({ ids: [1, 2] });
  });

  it('rejects invalid JSON, JSON of the wrong shape and a missing value', () => {
    expect(schema.safeParse('{ids:[1]}').success).toBe(false);
    expect(schema.safeParse('{"ids":["1"]}').success).toBe(false);
    expect(schema.safeParse(undefined).success).toBe(false);
  });
});

describe('describeEnvError', () => {
  it('names each failing variable on its own line', () => {
    const result = z.object({ API_PORT: envPort, LOG: envBoolean }).safeParse({ API_PORT: 'x', LOG: 'yes' });
    expect(result.success).toBe(false);
    const text = describeEnvError(result.error!);
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(/^API_PORT: /m);
    expect(text).toMatch(/^LOG: /m);
  });
});
