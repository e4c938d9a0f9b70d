// The people of the local test identity providers (issue 24), the same on the OIDC and the SAML one: an Acme employee
// with no login yet (the just-in-time link), an employee with a password login, a new hire with no employee record,
// someone outside Acme's domain, a Globex starter with no employee record (the integration tests' own domain for
// 'create employees on first sign-in'), and an Acme leaver and an Acme owner (where a signed-in person goes). One
// password for all (docs/local.md).
export const SSO_TEST_PASSWORD = 'Sso1234!';

export interface SsoTestUser {
  /** Stable subject (OIDC `sub`); the SAML NameID is the e-mail address. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

export const SSO_TEST_USERS: readonly SsoTestUser[] = [
  { sub: 'acme-0001', email: 'marcus@acme.example', givenName: 'Marcus', familyName: 'Lee' },
  { sub: 'acme-0002', email: 'jane@acme.example', givenName: 'Jane', familyName: 'Cooper' },
  { sub: 'acme-0003', email: 'new.hire@acme.example', givenName: 'Nora', familyName: 'Hire' },
  { sub: 'else-0001', email: 'contractor@elsewhere.example', givenName: 'Casey', familyName: 'Contractor' },
  { sub: 'globex-0001', email: 'sam.starter@globex.example', givenName: 'Sam', familyName: 'Starter' },
  { sub: 'acme-0004', email: 'lee.leaver@acme.example', givenName: 'Lee', familyName: 'Leaver' },
  { sub: 'acme-0005', email: 'olive.owner@acme.example', givenName: 'Olive', familyName: 'Owner' },
];

/** The test user these credentials sign in, or null. */
export function ssoTestUser(email: string, password: string): SsoTestUser | null {
  const user = SSO_TEST_USERS.find((u) => u.email === email.trim().toLowerCase());
  return user && password === SSO_TEST_PASSWORD ? user : null;
}

/** The shared look of the local identity providers' pages: labelled fields, visible focus, fits a phone. */
export function idpPage(title: string, body: string, accent: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border:1px solid #d4d4d8;border-radius:8px;padding:32px;max-width:420px;width:calc(100% - 32px);box-sizing:border-box}h1{font-size:22px;margin:0 0 8px}p{margin:0 0 16px;color:#3f3f46}label{display:block;margin:0 0 4px;font-weight:600}input{display:block;width:100%;box-sizing:border-box;font:inherit;padding:8px;border:1px solid #52525b;border-radius:4px;margin:0 0 16px}button{font:inherit;font-weight:600;padding:10px 20px;border-radius:4px;border:1px solid ${accent};background:${accent};color:#fff;cursor:pointer}:focus-visible{outline:3px solid ${accent};outline-offset:2px}.error{color:#b91c1c;font-weight:600}ul{padding-left:20px;margin:0 0 16px}table{width:100%;border-collapse:collapse;table-layout:fixed}th,td{text-align:left;padding:6px 4px;border-top:1px solid #d4d4d8;overflow-wrap:anywhere}th:last-child,td:last-child{width:96px}td button{padding:6px 12px;white-space:nowrap}code{font-size:13px}</style></head>
<body><main>${body}</main></body></html>`;
}

export function testUsersHint(): string {
  return `<p>Test users (password <code>${SSO_TEST_PASSWORD}</code>):</p><ul>${SSO_TEST_USERS.map((u) => `<li>${u.email}</li>`).join('')}</ul>`;
}
