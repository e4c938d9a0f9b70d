import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isPhoneNumber, optionalPhone, optionalText, optionalUrl, requiredPhone, requiredText } from './common';
import { employeeCreateSchema } from './employee';
import { salesContactSchema } from './sales-contact';
import { signUpSchema } from './auth';

const name = requiredText('Name is required', 120);
const description = optionalText(1000, { multiLine: true });
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the text rule', () => {
  it('accepts real names in many scripts, with the joiners those scripts need', () => {
    for (const real of ['Zoë Ångström-Ørsted', 'José Müller', 'محمد الأحمد', 'שירה כהן', 'अनुष्का शर्मा', 'क्‍ष', 'می‌خواهم', '李小龍', 'Nguyễn Thị Minh Khai', 'O’Brien & Sons <Ltd>', '👩‍💻 Dev Team']) {
      expect(name.safeParse(real).success, real).toBe(true);
    }
  });

  it('stores the composed (NFC) form, so the same visible text is the same stored text', () => {
    expect(name.parse('Zoe\u0308')).toBe('Zoë');
  });

  it('refuses NUL and every other control character, in single- and multi-line fields', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31mred', 'a\u007f', 'a\u0085b', 'a\u009bb', 'a\u000bb', 'a\u000cb']) {
      expect(messageOf(name.safeParse(bad)), JSON.stringify(bad)).toBe(messages.text.controlCharacter);
      expect(messageOf(description.safeParse(bad)), JSON.stringify(bad)).toBe(messages.text.controlCharacter);
    }
  });

  it('refuses bidi controls that make text spoof what it says', () => {
    for (const bad of ['moc.elpmaxe\u202E', '\u202Dx', '\u202Ax', '\u2066x\u2069', 'a\u200Fb', 'a\u200Eb', 'a\u061Cb']) {
      expect(messageOf(name.safeParse(bad)), JSON.stringify(bad)).toBe(messages.text.directionControl);
    }
  });

  it('refuses lone surrogates and byte-order marks', () => {
    for (const bad of ['a\ud800', '\udc00a', 'a\ufeffb']) expect(messageOf(name.safeParse(bad)), JSON.stringify(bad)).toBe(messages.text.invalidCharacter);
  });

  it('keeps single-line fields on one line, and normalises line breaks in multi-line ones', () => {
    for (const bad of ['Engineer\r\nX-Injected: 1', 'a\nb', 'a\rb', 'a\tb', 'a\u2028b']) {
      expect(messageOf(name.safeParse(bad)), JSON.stringify(bad)).toBe(messages.text.singleLine);
    }
    expect(name.parse('  Ada Lovelace\r\n')).toBe('Ada Lovelace');
    expect(description.parse('First line\r\nSecond\rThird\u2028Fourth\n\tindented')).toBe('First line\nSecond\nThird\nFourth\n\tindented');
  });

  it('applies to URLs too, which the URL parser would otherwise silently repair', () => {
    expect(optionalUrl().safeParse('https://exa\nmple.com').success).toBe(false);
    expect(optionalUrl().safeParse('https://example.com/\u202E').success).toBe(false);
    expect(optionalUrl().parse('https://example.com/a')).toBe('https://example.com/a');
  });

  it('is applied by the form schemas: a job title with CR/LF, a name with NUL, a description with a bidi override', () => {
    const base = { name: 'Ada', email: 'ada@example.com' };
    expect(employeeCreateSchema.safeParse({ ...base, jobTitle: 'CEO\r\nSet-Cookie: x' }).success).toBe(false);
    expect(employeeCreateSchema.safeParse({ ...base, name: 'Ada\u0000' }).success).toBe(false);
    expect(employeeCreateSchema.safeParse({ ...base, department: '\u202ESales' }).success).toBe(false);
  });
});

describe('phone numbers', () => {
  it('accepts what people write, extensions included', () => {
    for (const phone of ['+1 (555) 010-0000 ext. 12', '+1 555 0100', '(555) 010-0000 x123', '+44 20 7946 0958', '555.010.0000#4', '+351 21 000 0000', '030/1234567']) {
      expect(isPhoneNumber(phone), phone).toBe(true);
      expect(optionalPhone.parse(phone)).toBe(phone);
    }
  });

  it('refuses HTML, NUL, letters and too few or too many digits', () => {
    for (const phone of ['<b>555</b>', '555\u00000100', 'call me', '12', '1'.repeat(21), '+1 555 0100 ext. 1234567', '555-0100\r\n1']) {
      expect(optionalPhone.safeParse(phone).success, JSON.stringify(phone)).toBe(false);
    }
  });

  it('is the rule of the sales contact phone, which used to take anything', () => {
    const contact = { companyName: 'A', contactPerson: 'B', email: 'b@example.com', address: '1 St', city: 'C', country: 'D' };
    expect(salesContactSchema.safeParse({ ...contact, phone: '<script>alert(1)</script>' }).success).toBe(false);
    expect(salesContactSchema.safeParse({ ...contact, phone: '+1 (555) 010-0000 ext. 12' }).success).toBe(true);
    expect(requiredPhone('Phone is required').safeParse('').error?.issues[0]?.message).toBe('Phone is required');
  });
});

describe('e-mail addresses', () => {
  it('refuses a 5,010-character e-mail at sign-up', () => {
    const result = signUpSchema.safeParse({ email: `${'a'.repeat(5000)}@example.com`, password: 'x', accountType: 'business' });
    expect(result.success).toBe(false);
  });
});
