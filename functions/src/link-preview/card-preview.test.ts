import { describe, expect, it } from 'vitest';
import { previewKeyOf } from './card-preview';

const card = (profile: Record<string, unknown> = {}, business: Record<string, unknown> = {}) =>
  ({
    cardId: 'card-1',
    profile: { name: 'Ada Lovelace', jobTitle: 'Analyst', email: 'ada@example.com', photoUrl: 'https://x/media/photos/b/e/v1/192.webp', ...profile },
    business: { name: 'Engines', primaryColor: '#112233', logoUrl: 'https://x/media/logos/b/v1/256.webp', isActive: true, ...business },
  }) as never;

describe('the link preview key', () => {
  it('is the same for the same inputs (a retried change writes nothing new) and versioned under the card', () => {
    expect(previewKeyOf(card())).toBe(previewKeyOf(card()));
    expect(previewKeyOf(card())).toMatch(/^previews\/card-1\/[A-Za-z0-9_-]{16}\.jpg$/);
  });

  it('changes with anything drawn: name, title, company, colours, photo or logo', () => {
    const base = previewKeyOf(card());
    const changed = [
      card({ name: 'Ada King' }),
      card({ jobTitle: 'Countess' }),
      card({}, { name: 'Engines Two' }),
      card({}, { primaryColor: '#445566' }),
      card({}, { accentColor: '#ff0000' }),
      card({ photoUrl: 'https://x/media/photos/b/e/v2/192.webp' }),
      card({}, { logoUrl: undefined }),
    ].map(previewKeyOf);
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });

  it('ignores what the image does not show', () => {
    expect(previewKeyOf(card({ email: 'other@example.com', mobilePhone: '+1 555' }, { website: 'https://x.example' }))).toBe(previewKeyOf(card()));
  });
});
