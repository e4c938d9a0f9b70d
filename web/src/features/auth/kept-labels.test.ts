// The names kept for a page's frame: per user, the newest 60, and gone after forgetLabels (sign-out).
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLabels, keepLabel, keptLabel } from './kept-labels';

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

  it('forgets every name on sign-out, and survives storage it cannot read', () => {
    keepLabel('u1', 'business:b1', 'Acme Studio');
    forgetLabels();
    expect(keptLabel('u1', 'business:b1')).toBeNull();
    store.set('cardcrew.labels', '{not json');
    expect(keptLabel('u1', 'business:b1')).toBeNull();
  });
});
