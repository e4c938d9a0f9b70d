import { describe, expect, it } from 'vitest';
import { countries } from './countries';

describe('countries', () => {
  it('lists the 193 UN member states and the 2 observer states', () => {
    expect(countries).toHaveLength(195);
  });

  it('has no duplicates or blank names', () => {
    expect(new Set(countries).size).toBe(countries.length);
    expect(countries.every((name) => name.trim() === name && name.length > 0)).toBe(true);
  });

  it('is sorted alphabetically in English', () => {
    expect([...countries].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(countries);
  });

  it('includes the countries customers bill from most and the observer states', () => {
    for (const name of [
      'United States',
      'United Kingdom',
      'Germany',
      'Canada',
      'Australia',
      'India',
      "Côte d'Ivoire",
      'Palestine',
      'Vatican City',
    ]) {
      expect(countries).toContain(name);
    }
  });

  it('does not list territories that are not states', () => {
    for (const name of ['Puerto Rico', 'Greenland', 'Hong Kong']) {
      expect(countries).not.toContain(name);
    }
  });
});
