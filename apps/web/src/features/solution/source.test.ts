import { describe, expect, it } from 'vitest';
import { withSource } from './source.ts';

describe('withSource', () => {
  it('carries source=miniprogram on internal links only', () => {
    expect(withSource('/doc?id=233', 'miniprogram')).toBe('/doc?id=233&source=miniprogram');
    expect(withSource('/algorithm/imageProcessing/makeup', 'miniprogram')).toBe(
      '/algorithm/imageProcessing/makeup?source=miniprogram',
    );
    expect(withSource('/doc?id=1&source=web#top', 'miniprogram')).toBe('/doc?id=1&source=miniprogram#top');
    expect(withSource('mailto:a@b.example', 'miniprogram')).toBe('mailto:a@b.example');
    expect(withSource('//evil.example/x', 'miniprogram')).toBe('//evil.example/x');
  });

  it('leaves links alone outside the mini-program', () => {
    expect(withSource('/doc?id=233', null)).toBe('/doc?id=233');
    expect(withSource('/doc?id=233', 'web')).toBe('/doc?id=233');
  });
});
