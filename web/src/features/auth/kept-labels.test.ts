// The names kept for a page's frame: per user, the newest 60, and gone after forgetLabels (sign-out).
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLabels, keepLabel, keepLabels, keptLabel } from './kept-labels';

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});

describe('kept labels', () => {
  beforeEach(() => store.clear());

  it('gives back the name kept for the same user and key, and nothing to another user', () => {
    keepLabel('u1', 'business:b1', 'Acme Studio');
    expect(keptLabel('u1', 'business:b1')).toBe('Acme Studio');
    expect(keptLabel('u1', 'business:b2')).toBeNull();
    expect(keptLabel('u2', 'business:b1')).toBeNull();
    expect(keptLabel(undefined, 'business:b1')).toBeNull();
  });

  it('keeps one user at a time: a new user replaces the names of the last', () => {
    keepLabel('u1', 'business:b1', 'Acme Studio');
    keepLabel('u2', 'employee:name', 'Jane Cooper');
    expect(keptLabel('u1', 'business:b1')).toBeNull();
    expect(keptLabel('u2', 'employee:name')).toBe('Jane Cooper');
  });

  it('keeps the newest 60 names, and a renamed business its new name', () => {
    for (let i = 0; i < 65; i++) keepLabel('u1', `business:b${i}`, `Business ${i}`);
    expect(keptLabel('u1', 'business:b4')).toBeNull();
    expect(keptLabel('u1', 'business:b5')).toBe('Business 5');
    keepLabel('u1', 'business:b5', 'Renamed');
    expect(keptLabel('u1', 'business:b5')).toBe('Renamed');
  });

  it('keeps several names in one write, leaving the unchanged ones where they were', () => {
    let writes = 0;
    const setItem = localStorage.setItem;
    localStorage.setItem = (k: string, v: string) => {
      writes++;
      setItem(k, v);
    };
    try {
      keepLabels('u1', { 'business:b1:figure:totalEmployees': '12', 'business:b1:figure:monthlyCost': '$60.00' });
      expect(writes).toBe(1);
      expect(keptLabel('u1', 'business:b1:figure:totalEmployees')).toBe('12');
      expect(keptLabel('u1', 'business:b1:figure:monthlyCost')).toBe('$60.00');
      keepLabels('u1', { 'business:b1:figure:totalEmployees': '12' });
      expect(writes).toBe(1);
      expect(keptLabel('u2', 'business:b1:figure:totalEmployees')).toBeNull();
    } finally {
      localStorage.setItem = setItem;
    }
  });

  it('forgets every name on sign-out, and survives storage it cannot read', () => {
    keepLabel('u1', 'business:b1', 'Acme Studio');
    forgetLabels();
    expect(keptLabel('u1', 'business:b1')).toBeNull();
    store.set('cardcrew.labels', '{not json');
    expect(keptLabel('u1', 'business:b1')).toBeNull();
  });
});
