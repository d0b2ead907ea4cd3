// Reading GET /metrics in tests: scrape through app.inject() (a loopback caller, as a scraper on the
// same machine), and pick samples out of Prometheus' text format by name and labels.
import { expect } from 'vitest';
import type { TestApp } from './build-test-app';

export async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The samples of `name` whose labels include `labels`, summed; undefined when there is none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}

/** How much a counter moved between two scrapes (a series that did not exist yet counts from 0). */
export function moved(before: string, after: string, name: string, labels: Record<string, string> = {}): number {
  return (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
}

/** Every value the label takes in `name`'s samples. */
export function labelValues(text: string, name: string, label: string): string[] {
  return [
    ...new Set(
      samples(text).flatMap((sample) => (sample.name === name && sample.labels[label] !== undefined ? [sample.labels[label]] : [])),
    ),
  ];
}
