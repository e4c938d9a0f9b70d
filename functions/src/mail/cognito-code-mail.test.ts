// Cognito's mails as the CustomMessage trigger writes them: every kind in CardCrew's frame and in an agency's, Cognito's
// placeholders exactly once (cognito-local, like a careless template, replaces only the first), the brand escaped, its
// colour only when it is a colour, and within Cognito's limits with every brand field at its longest.
import { describe, expect, it } from 'vitest';
import type { CognitoMailKind } from '../../../shared/messages/cognito-mail';
import type { ClientBrand } from '../agency/brand';
import { COGNITO_EMAIL_MESSAGE_MAX, COGNITO_EMAIL_SUBJECT_MAX, cognitoCodeMail } from './cognito-code-mail';

const bright: ClientBrand = {
  agencyId: 'a1',
  name: 'Bright Agency',
  supportEmail: 'support@bright.example',
  supportUrl: 'https://bright.example/support',
  logoUrl: null,
  colors: { primaryColor: '#7C3AED', secondaryColor: null, accentColor: null },
};
const kinds: CognitoMailKind[] = ['SignUp', 'ResendCode', 'ForgotPassword', 'AdminCreateUser', 'UpdateUserAttribute', 'VerifyUserAttribute'];
const count = (text: string, part: string) => text.split(part).length - 1;

describe.each(kinds)('the %s mail', (kind) => {
  it('in CardCrew’s frame: CardCrew in the subject and the frame, the code placeholder once', () => {
    const mail = cognitoCodeMail({ kind, brand: null });
    expect(mail.subject).toContain('CardCrew');
    expect(mail.html).toContain('CardCrew · Digital business cards for your whole team');
    expect(count(mail.html, '{####}')).toBe(1);
    expect(mail.html).toContain('bgcolor="#1e40af"');
  });

  it('in the agency’s brand: its name, colour and support contacts, and CardCrew nowhere', () => {
    const mail = cognitoCodeMail({ kind, brand: bright });
    expect(mail.subject).toContain('Bright Agency');
    expect(`${mail.subject}\n${mail.html}`).not.toMatch(/cardcrew/i);
    expect(mail.html).toContain('Bright Agency · <a href="mailto:support@bright.example"');
    expect(mail.html).toContain('href="https://bright.example/support"');
    expect(mail.html).toContain('bgcolor="#7C3AED"');
    expect(count(mail.html, '{####}')).toBe(1);
    expect(mail.html.length).toBeLessThanOrEqual(COGNITO_EMAIL_MESSAGE_MAX);
  });

  it(kind === 'AdminCreateUser' ? 'names the user name placeholder once' : 'has no user name placeholder', () => {
    const mail = cognitoCodeMail({ kind, brand: bright });
    expect(count(mail.html, '{username}')).toBe(kind === 'AdminCreateUser' ? 1 : 0);
  });
});

describe('the words of each kind', () => {
  it('says what the code is for', () => {
    expect(cognitoCodeMail({ kind: 'SignUp', brand: null }).subject).toBe('Your CardCrew verification code');
    expect(cognitoCodeMail({ kind: 'ResendCode', brand: bright }).subject).toBe('Your new Bright Agency verification code');
    const reset = cognitoCodeMail({ kind: 'ForgotPassword', brand: bright });
    expect(reset.subject).toBe('Reset your Bright Agency password');
    expect(reset.html).toContain('reset the password of your Bright Agency account');
    expect(reset.html).toContain('The code works for 1 hour.');
    const created = cognitoCodeMail({ kind: 'AdminCreateUser', brand: null });
    expect(created.html).toMatch(/Your user name: <strong[^>]*>\{username\}<\/strong>/);
    expect(created.html).toContain('Your temporary password:');
    expect(cognitoCodeMail({ kind: 'UpdateUserAttribute', brand: null }).subject).toBe('Confirm your new CardCrew email address');
  });

  it('puts the event’s placeholders where the code and user name go', () => {
    const mail = cognitoCodeMail({ kind: 'AdminCreateUser', brand: null, code: '{####}', username: '{username}' });
    expect(mail.html).toMatch(/>\{####\}<\/p>/);
  });
});

describe('a brand with HTML characters or a bad colour', () => {
  const hostile: ClientBrand = {
    ...bright,
    name: 'Bright <script>alert("x")</script> & Co\r\nBcc: x@evil.example',
    supportUrl: 'javascript:alert(1)',
    logoUrl: 'https://bright.example/logo.png?a=1&b="2"',
    colors: { primaryColor: 'red" onload="x', secondaryColor: null, accentColor: null },
  };

  it('escapes the name everywhere, keeps the subject on one line, drops a URL that is not http(s)', () => {
    const mail = cognitoCodeMail({ kind: 'SignUp', brand: hostile });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Bright &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co Bcc: x@evil.example');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Your Bright <script>alert("x")</script> & Co Bcc: x@evil.example verification code');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('src="https://bright.example/logo.png?a=1&amp;b=&quot;2&quot;"');
  });

  it('draws the bar in CardCrew’s accent when the colour is not a hex colour', () => {
    const mail = cognitoCodeMail({ kind: 'SignUp', brand: hostile });
    expect(mail.html).toContain('bgcolor="#1e40af"');
    expect(mail.html).not.toContain('onload');
  });
});

describe('Cognito’s limits', () => {
  const longest: ClientBrand = {
    agencyId: 'a1',
    name: 'N'.repeat(200),
    supportEmail: `${'s'.repeat(64)}@${'d'.repeat(180)}.example`,
    supportUrl: `https://bright.example/${'u'.repeat(2020)}`,
    logoUrl: `https://bright.example/${'l'.repeat(2020)}`,
    colors: { primaryColor: '#7C3AED', secondaryColor: null, accentColor: null },
  };

  it.each(kinds)('%s: the message stays within 20,000 characters and the subject within 140 with every field at its longest', (kind) => {
    const mail = cognitoCodeMail({ kind, brand: longest });
    expect(mail.html.length).toBeLessThanOrEqual(COGNITO_EMAIL_MESSAGE_MAX);
    expect(mail.html).toContain(longest.logoUrl);
    expect(mail.subject.length).toBeLessThanOrEqual(COGNITO_EMAIL_SUBJECT_MAX);
    expect(mail.subject).toMatch(/^.+N…/);
    expect(count(mail.html, '{####}')).toBe(1);
  });

  it('drops the logo and support link rather than go over the limit', () => {
    const huge = { ...longest, logoUrl: `https://bright.example/${'l'.repeat(19_000)}` };
    const mail = cognitoCodeMail({ kind: 'SignUp', brand: huge });
    expect(mail.html.length).toBeLessThanOrEqual(COGNITO_EMAIL_MESSAGE_MAX);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(`mailto:${longest.supportEmail}`);
  });
});
