import { describe, expect, it } from 'vitest';
import { applyBrandTheme } from './theme';

function fakeRoot() {
  const props = new Map<string, string>();
  return {
    props,
    style: {
      setProperty: (name: string, value: string | null) => void props.set(name, value ?? ''),
      removeProperty: (name: string) => {
        const old = props.get(name) ?? '';
        props.delete(name);
        return old;
      },
    },
  };
}

describe('applyBrandTheme', () => {
  it('sets the brand variables with readable text colours', () => {
    const root = fakeRoot();
    applyBrandTheme({ primaryColor: '#7C3AED', secondaryColor: '#FDE047', accentColor: null }, root);
    expect(root.props.get('--primary')).toBe('262 83% 58%');
    expect(root.props.get('--primary-foreground')).toBe('0 0% 100%'); // white on violet
    expect(root.props.get('--secondary-foreground')).toBe('222 47% 11%'); // dark on yellow
    expect(root.props.get('--accent')).toBe('189 94% 43%'); // default accent #06B6D4
  });

  it('restores the stylesheet defaults when undone', () => {
    const root = fakeRoot();
    const undo = applyBrandTheme({ primaryColor: '#000000' }, root);
    undo();
    expect(root.props.size).toBe(0);
  });
});
