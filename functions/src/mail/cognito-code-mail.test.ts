// Cognito's mails as the custom email sender writes them: every kind in CardCrew's frame and in an agency's (its name as
// the sender, replies to its support), the code in the HTML and the text, the brand escaped, its colour only when it
// is a colour, and a long brand name cut from the subject.
import { describe, expect, it } from 'vitest';
import type { CognitoMailKind } from '../../../shared/messages/cognito-mail';
import type { ClientBrand } from '../agency/brand';
import { COGNITO_EMAIL_SUBJECT_MAX, cognitoCodeMail, type CognitoCodeMailInput } from './cognito-code-mail';

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
/** A mail of `kind` to Pat with code 628194. */
const mailOf = (input: Pick<CognitoCodeMailInput, 'kind' | 'brand'>) => cognitoCodeMail({ to: 'pat@example.com', code: '628194', username: 'pat@example.com', ...input });

describe.each(kinds)('the %s mail', (kind) => {
  it('in CardCrew’s frame: CardCrew in the subject and the frame, the code once, from the platform’s sender', () => {
    const mail = mailOf({ kind, brand: null });
    expect(mail.to).toEqual(['pat@example.com']);
    expect(mail.subject).toContain('CardCrew');
    expect(mail.html).toContain('CardCrew · Digital business cards for your whole team');
    expect(count(mail.html, '628194')).toBe(1);
    expect(mail.text).toContain(': 628194');
    expect(mail.html).toContain('bgcolor="#1e40af"');
    expect(mail).not.toHaveProperty('fromName');
  });

  it('in the agency’s brand: its name, colour and support contacts, from its name, and CardCrew nowhere', () => {
    const mail = mailOf({ kind, brand: bright });
    expect(mail.subject).toContain('Bright Agency');
    expect(`${mail.subject}\n${mail.html}\n${mail.text}`).not.toMatch(/cardcrew/i);
    expect(mail.html).toContain('Bright Agency · <a href="mailto:support@bright.example"');
    expect(mail.html).toContain('href="https://bright.example/support"');
    expect(mail.html).toContain('bgcolor="#7C3AED"');
    expect(mail.text).toMatch(/\n--\nBright Agency\nsupport@bright.example\nhttps:\/\/bright.example\/support$/);
    expect(count(mail.html, '628194')).toBe(1);
    expect(mail).toMatchObject({ fromName: 'Bright Agency', replyTo: ['support@bright.example'] });
  });

  it(kind === 'AdminCreateUser' ? 'names the user name once' : 'has no user name', () => {
    const mail = mailOf({ kind, brand: bright });
    expect(count(mail.html, 'pat@example.com')).toBe(kind === 'AdminCreateUser' ? 1 : 0);
  });
});

describe('the words of each kind', () => {
  it('says what the code is for', () => {
    expect(mailOf({ kind: 'SignUp', brand: null }).subject).toBe('Your CardCrew verification code');
    expect(mailOf({ kind: 'ResendCode', brand: bright }).subject).toBe('Your new Bright Agency verification code');
    const reset = mailOf({ kind: 'ForgotPassword', brand: bright });
    expect(reset.subject).toBe('Reset your Bright Agency password');
    expect(reset.html).toContain('reset the password of your Bright Agency account');
    expect(reset.html).toContain('The code works for 1 hour.');
    const created = mailOf({ kind: 'AdminCreateUser', brand: null });
    expect(created.html).toMatch(/Your user name: <strong[^>]*>pat@example.com<\/strong>/);
    expect(created.html).toContain('Your temporary password:');
    expect(mailOf({ kind: 'UpdateUserAttribute', brand: null }).subject).toBe('Confirm your new CardCrew email address');
  });

  it('escapes a temporary password with HTML characters', () => {
    const mail = cognitoCodeMail({ kind: 'AdminCreateUser', brand: null, to: 'pat@example.com', code: 'a<b>&"c', username: 'pat@example.com' });
    expect(mail.html).toContain('>a&lt;b&gt;&amp;&quot;c</p>');
    expect(mail.text).toContain('Your temporary password: a<b>&"c');
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
    const mail = mailOf({ kind: 'SignUp', brand: hostile });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Bright &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co Bcc: x@evil.example');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Your Bright <script>alert("x")</script> & Co Bcc: x@evil.example verification code');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('src="https://bright.example/logo.png?a=1&amp;b=&quot;2&quot;"');
  });

  it('draws the bar in CardCrew’s accent when the colour is not a hex colour', () => {
    const mail = mailOf({ kind: 'SignUp', brand: hostile });
    expect(mail.html).toContain('bgcolor="#1e40af"');
    expect(mail.html).not.toContain('onload');
  });
});

describe('a brand with every field at its longest', () => {
  const longest: ClientBrand = {
    agencyId: 'a1',
    name: 'N'.repeat(200),
    supportEmail: `${'s'.repeat(64)}@${'d'.repeat(180)}.example`,
    supportUrl: `https://bright.example/${'u'.repeat(2020)}`,
    logoUrl: `https://bright.example/${'l'.repeat(2020)}`,
    colors: { primaryColor: '#7C3AED', secondaryColor: null, accentColor: null },
  };

  it.each(kinds)('%s: the subject within 140 characters, the brand name cut, the logo kept', (kind) => {
    const mail = mailOf({ kind, brand: longest });
    expect(mail.subject.length).toBeLessThanOrEqual(COGNITO_EMAIL_SUBJECT_MAX);
    expect(mail.subject).toMatch(/^.+N…/);
    expect(mail.html).toContain(longest.logoUrl);
    expect(count(mail.html, '628194')).toBe(1);
  });
});
