// Links in mail to a white-labelled client's people open on its agency's active domain (the domain serves the whole
// client product): the employee invitation, and the invoice, its PDF and the receipt of a client billed directly, and
// the payer comes back there from Checkout. A direct customer, an agency's own invoice and a client its agency does not
// white-label keep the platform's address. Seed: Bright Agency (white-label on, active domain cards.bright.localhost)
// and its client Northwind Bakery.
import { describe, expect, it } from 'vitest';
import { addClient, agencySettings, agencyWithSettings } from '../support/agencies';
import { activeDomainOf } from '../support/custom-domains';
import { invite } from '../support/invitations';
import { addEmployee, api, createOwnerWithBusiness, createUser, mailbox, onHost, origin, signIn, tables, uniqueEmail, type TestUser } from '../support/runtime';

const port = new URL(origin).port;
const originOf = (domain: string) => `http://${domain}:${port}`;
const bright = 'cards.bright.localhost';
const whiteLabel = { whiteLabel: true, whiteLabelName: 'Bright Studio', supportEmail: 'help@bright.example' };

/** The last mail to `to` whose subject starts with `subject`. */
async function lastMail(to: string, subject: string) {
  const mails = (await mailbox()).filter((m) => [m.to].flat().includes(to) && m.subject.startsWith(subject));
  expect(mails.length, `a mail "${subject}…" to ${to}`).toBeGreaterThan(0);
  return mails[mails.length - 1]!;
}

/** Every link of `path` in the mail's text and HTML: the same in both. */
function linksTo(mail: Awaited<ReturnType<typeof lastMail>>, path: string): string[] {
  const pattern = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`, 'g');
  const inText = (mail.body.text ?? '').match(pattern) ?? [];
  const inHtml = (mail.body.html ?? '').match(pattern) ?? [];
  expect(inText.length, `a ${path} link in the text`).toBeGreaterThan(0);
  expect(inHtml.map((link) => link.replaceAll('&amp;', '&'))).toEqual(expect.arrayContaining(inText));
  return inText;
}

/** Adds an employee to the business and invites them: the link in their mail. */
async function invitationLink(owner: TestUser, businessId: string): Promise<{ link: URL; email: string; token: string }> {
  const email = uniqueEmail('link');
  const employee = await addEmployee(owner, businessId, { status: 'draft', email, name: 'Lina Link' });
  const token = await invite({ owner, business: { id: businessId } }, employee.id, email);
  const [link] = linksTo(await lastMail(email, ''), '/employee-onboarding?id=');
  return { link: new URL(link!), email, token };
}

describe('invitation links', () => {
  it("open a white-labelled client's invitation on its agency's active domain, where the link works", async () => {
    const agencyOwner = await signIn('agency@bright.example', 'Demo1234!');
    const { link, email, token } = await invitationLink(agencyOwner, 'demo-business-northwind');
    expect(link.origin).toBe(originOf(bright));
    expect(`${link.pathname}${link.search}`).toBe(`/employee-onboarding?id=${token}`);
    // The invitation it carries is the stored one, for this address and Northwind.
    const { data: stored } = await (await tables()).invitation.query.byRecipient({ sentTo: email }).go();
    expect(stored).toEqual([expect.objectContaining({ businessId: 'demo-business-northwind', sentTo: email })]);

    // Following it on the domain: the app's page, and the invitation the page reads there.
    const page = await onHost(bright, 'GET', `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.text).not.toMatch(/cardcrew/i);
    const view = await onHost(bright, 'GET', `/api/invitations/${token}`);
    expect(view.status, view.text).toBe(200);
    expect(JSON.parse(view.text)).toMatchObject({ business: { name: 'Northwind Bakery' }, employee: { email, name: 'Lina Link' }, brand: { name: 'Bright Agency' } });
  });

  it("keep the platform's address for a direct customer, and for a client of an agency with a domain that does not white-label it", async () => {
    const direct = await createOwnerWithBusiness();
    expect((await invitationLink(direct.owner, direct.business.id)).link.origin).toBe(origin);

    const { user, agencyId } = await agencyWithSettings();
    await activeDomainOf(user, agencyId);
    const clientId = await addClient(user, 'Unlabelled Client');
    expect((await invitationLink(user, clientId)).link.origin).toBe(origin);
  });
});

describe('invoice links', () => {
  it("put a white-labelled client's invoice, PDF and receipt on the agency's domain, and bring the payer back there", async () => {
    const { user, agencyId } = await agencyWithSettings();
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    const domain = await activeDomainOf(user, agencyId);
    const clientId = await addClient(user, 'Domain Billed Client');
    const billingEmail = uniqueEmail('billed');
    await (await tables()).business.patch({ businessId: clientId }).set({ billingEmail }).go();

    const admin = await createUser({ groups: ['admin'] });
    const created = await api('POST', '/api/admin/invoices', { user: admin, body: { businessId: clientId, amount: 30, dueDate: '2031-06-30' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.mail).toBe('sent');
    const invoice = created.body.invoice as { id: string; invoiceNumber: string };
    const mail = await lastMail(billingEmail, `Invoice ${invoice.invoiceNumber} from Bright Studio`);
    expect(linksTo(mail, `/invoice-payment/${invoice.id}`).map((link) => new URL(link).origin)).toEqual([originOf(domain)]);
    expect(linksTo(mail, `/api/public/invoices/${invoice.id}/pdf`).map((link) => new URL(link).origin)).toEqual([originOf(domain)]);
    expect(mail.body.text).not.toContain(origin);

    // The payment page and what it reads answer on the domain.
    expect((await onHost(domain, 'GET', `/invoice-payment/${invoice.id}`)).status).toBe(200);
    const view = await onHost(domain, 'GET', `/api/public/invoices/${invoice.id}`);
    expect(view.status, view.text).toBe(200);
    expect(JSON.parse(view.text)).toMatchObject({ invoiceNumber: invoice.invoiceNumber, brand: { name: 'Bright Studio' } });

    // Paid through Checkout: back to the domain's payment page, and the receipt links there too.
    const checkout = await api('POST', `/api/public/invoices/${invoice.id}/checkout`, { body: { returnTo: 'invoice' } });
    expect(checkout.status, checkout.text).toBe(200);
    const sessionId = String(checkout.body.url).split('/').pop()!;
    const pay = await fetch(`${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.headers.get('location')).toBe(`${originOf(domain)}/invoice-payment/${invoice.id}?payment=success&session_id=${sessionId}`);
    expect((await api('POST', '/api/public/payments/verify', { body: { sessionId } })).body.status).toBe('paid');
    const { data: paid } = await (await tables()).invoice.get({ invoiceId: invoice.id }).go({ consistent: true });
    expect(paid).toMatchObject({ status: 'paid', receiptSentAt: expect.any(String) });
    const receipt = await lastMail(billingEmail, `Receipt for invoice ${invoice.invoiceNumber}`);
    expect(linksTo(receipt, `/invoice-payment/${invoice.id}`).map((link) => new URL(link).origin)).toEqual([originOf(domain)]);
  });

  it("keep the platform's address on an agency's own invoice", async () => {
    const { user, agencyId } = await agencyWithSettings();
    expect((await api('PUT', '/api/agency', { user, body: agencySettings(whiteLabel) })).status).toBe(200);
    await activeDomainOf(user, agencyId);
    const { billingRecipientOf } = await import('../../functions/src/invoices/payment-store');
    expect(await billingRecipientOf({ businessId: agencyId, payerType: 'agency' })).toMatchObject({ brand: null, siteOrigin: origin });
  });
});
