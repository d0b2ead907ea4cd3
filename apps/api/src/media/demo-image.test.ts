import { describe, expect, it } from 'vitest';
import { DEMO_IMAGE_SIZES, demoImagePath, renderDemoSvg } from './demo-image';

describe('demo images', () => {
  it('stores a path with the text as an encoded query', () => {
    expect(demoImagePath('avatar', 'a-1', '山')).toBe('demo/avatar/a-1.svg?text=%E5%B1%B1');
    expect(demoImagePath('visual', 'a-1')).toBe('demo/visual/a-1.svg');
  });

  it('draws each kind at its size, the same every time, different per seed', () => {
    for (const [kind, [width, height]] of Object.entries(DEMO_IMAGE_SIZES)) {
      const svg = renderDemoSvg(kind as keyof typeof DEMO_IMAGE_SIZES, 'seed');
      expect(svg).toContain(`width="${width}" height="${height}"`);
      expect(renderDemoSvg(kind as keyof typeof DEMO_IMAGE_SIZES, 'seed')).toBe(svg);
    }
    expect(renderDemoSvg('logo', 'a')).not.toBe(renderDemoSvg('logo', 'b'));
  });

  it('escapes the text', () => {
    const svg = renderDemoSvg('logo', 'x', '<script>&');
    expect(svg).toContain('&lt;script&gt;&amp;');
    expect(svg).not.toContain('<script>');
  });
});
