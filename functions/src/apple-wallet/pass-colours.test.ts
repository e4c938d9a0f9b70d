import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../shared/colour';
import { MIN_LABEL_CONTRAST, passColoursOf } from './pass-colours';

const hexOf = (rgb: string) => `#${rgb.match(/\d+/g)!.map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe('pass colours', () => {
  it('puts readable values on the primary colour: white on dark, slate-900 on light', () => {
    expect(passColoursOf({ primaryColor: '#1E40AF' })).toMatchObject({ backgroundColor: 'rgb(30, 64, 175)', foregroundColor: 'rgb(255, 255, 255)' });
    expect(passColoursOf({ primaryColor: '#FDE68A' })).toMatchObject({ backgroundColor: 'rgb(253, 230, 138)', foregroundColor: 'rgb(15, 23, 42)' });
  });

  it('uses the secondary or accent colour for labels only when it keeps AA contrast on the background', () => {
    expect(passColoursOf({ primaryColor: '#1E40AF', secondaryColor: '#1D4ED8', accentColor: '#FDE68A' }).labelColor).toBe('rgb(253, 230, 138)');
    expect(passColoursOf({ primaryColor: '#1E40AF', secondaryColor: '#1D4ED8', accentColor: '#2563EB' }).labelColor).toBe('rgb(255, 255, 255)');
    for (const brand of [{ primaryColor: '#0F766E', secondaryColor: '#115E59', accentColor: '#F59E0B' }, { primaryColor: '#ffffff' }, {}]) {
      const c = passColoursOf(brand);
      expect(contrastRatio(hexOf(c.labelColor), hexOf(c.backgroundColor))).toBeGreaterThanOrEqual(MIN_LABEL_CONTRAST);
      expect(contrastRatio(hexOf(c.foregroundColor), hexOf(c.backgroundColor))).toBeGreaterThanOrEqual(MIN_LABEL_CONTRAST);
    }
  });
});
