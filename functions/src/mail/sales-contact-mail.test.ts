import { describe, expect, it } from 'vitest';
import { salesContactMail } from './sales-contact-mail';

describe('sales contact e-mail', () => {
  it('escapes the visitor’s text in HTML, keeps it in the text part and replies to the visitor', () => {
    const mail = salesContactMail(
      { companyName: 'Evil <b>Co</b>\r\nBcc: x@y', contactPerson: 'Eve', email: 'eve@evil.example', phone: '1', address: 'a', city: 'c', country: 'd', zipCode: null, message: '<script>x</script>' },
      'sales@cardcrew.example',
    );
    expect(mail.to).toEqual(['sales@cardcrew.example']);
    expect(mail.replyTo).toEqual(['eve@evil.example']);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Message: <script>x</script>');
    expect(mail.text).not.toContain('Zip code');
  });
});
