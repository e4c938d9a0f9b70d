import { describe, expect, it } from 'vitest';
import { readableForeground } from './theme';

const WHITE = '0 0% 100%';
const DARK = '222 47% 11%';

describe('readableForeground', () => {
  it('puts white text on dark brand colours', () => {
    expect(readableForeground('226 71% 40%')).toBe(WHITE); // #1E40AF
    expect(readableForeground('262 83% 58%')).toBe(WHITE); // #7C3AED
  });

  it('puts dark text on light brand colours', () => {
    expect(readableForeground('48 96% 53%')).toBe(DARK); // yellow
    expect(readableForeground('189 94% 43%')).toBe(DARK); // #06B6D4 fails 4.5:1 with white
  });
});
