import { describe, expect, it } from 'vitest';
import { metaDescription } from './meta-description';

describe('metaDescription', () => {
  it('keeps a short text, on one line', () => {
    expect(metaDescription('  Forests,\n\noceans  and food. ')).toBe('Forests, oceans and food.');
  });

  it('cuts a long text to the limit with an ellipsis, counting characters not UTF-16 units', () => {
    const cut = metaDescription('森'.repeat(130), 120);
    expect(Array.from(cut)).toHaveLength(120);
    expect(cut.endsWith('…')).toBe(true);
    expect(metaDescription('𠮷'.repeat(10), 5)).toBe('𠮷𠮷𠮷𠮷…');
  });
});
