import { describe, expect, it } from 'vitest';
import { cognitoLocalInternals, cognitoLocalModules, loadCognitoLocalModule } from './cognito-internals';

describe('cognito-local private modules', () => {
  it('still has every module and export the local runtime uses', () => {
    for (const name of Object.keys(cognitoLocalModules) as (keyof typeof cognitoLocalModules)[]) {
      expect(() => loadCognitoLocalModule(name), name).not.toThrow();
    }
    const internals = cognitoLocalInternals();
    for (const [name, value] of Object.entries(internals)) expect(value, name).toBeDefined();
  });

  it('fails by name when an export disappears', () => {
    const modules = cognitoLocalModules as unknown as Record<string, string[]>;
    modules['cognito-local/lib/errors']!.push('NoSuchExport');
    try {
      expect(() => loadCognitoLocalModule('cognito-local/lib/errors')).toThrow('cognito-local changed: cognito-local/lib/errors no longer exports NoSuchExport');
    } finally {
      modules['cognito-local/lib/errors']!.pop();
    }
  });
});
