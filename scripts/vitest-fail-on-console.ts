// Noise is a bug: a test that makes the code under test warn or error fails (conventions.md #9).
import { afterEach, vi } from 'vitest';

const unexpected: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (unexpected.length > 0) {
    const found = unexpected.splice(0);
    throw new Error(`Unexpected console output:\n${found.join('\n')}`);
  }
});
