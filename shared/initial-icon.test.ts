import { describe, expect, it } from 'vitest';
import { initialIconUrl } from './initial-icon';

const svgOf = (url: string) => decodeURIComponent(url.replace(/^data:image\/svg\+xml,/, ''));

describe('initialIconUrl', () => {
  it('draws the first initial on the given colours, as an inline SVG', () => {
    const url = initialIconUrl('Bright Agency', '#334155', '#ffffff');
    expect(url.startsWith('data:image/svg+xml,%3Csvg')).toBe(true);
    expect(svgOf(url)).toContain('fill="#334155"');
    expect(svgOf(url)).toMatch(/fill="#ffffff" text-anchor="middle">B<\/text><\/svg>$/);
  });

  it('never puts markup from the name into the SVG', () => {
    expect(svgOf(initialIconUrl('<script>alert(1)</script>', '#000', '#fff'))).not.toContain('<script');
    expect(svgOf(initialIconUrl('  ', '#000', '#fff'))).toContain('>?</text>');
  });
});
