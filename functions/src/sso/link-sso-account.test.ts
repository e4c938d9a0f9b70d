import { describe, expect, it } from 'vitest';
import { ssoNameOf } from './link-sso-account';

describe("the name of a draft employee made on a first SSO sign-in", () => {
  it("is the IdP's name, else given and family name, else one made from the e-mail", () => {
    expect(ssoNameOf({ name: '  Nora Hire ', given_name: 'N', family_name: 'H' }, 'new.hire@acme.example')).toBe('Nora Hire');
    expect(ssoNameOf({ given_name: 'Sam', family_name: 'Starter' }, 'sam@globex.example')).toBe('Sam Starter');
    expect(ssoNameOf({ family_name: 'Starter' }, 'sam@globex.example')).toBe('Starter');
    expect(ssoNameOf(undefined, 'sam.starter@globex.example')).toBeTruthy();
    expect(ssoNameOf({ name: 'x'.repeat(300) }, 'a@b.example')).toHaveLength(100);
  });
});
