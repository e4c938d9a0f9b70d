// 'Share your details with {first name}' (issue 11 §3): the card page's plain form POST, answered with a server-rendered
// page in the card's look. The form is checked with the shared schema; a filled honeypot is thanked and ignored; each
// viewer address may send 10 an hour; the contact is stored, then mailed to the employee (a mail failure is logged,
// the contact kept). Nothing a visitor sends changes the card.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { messages } from '../../../shared/messages';
import { contactFormSchema } from '../../../shared/schemas/contact';
import { sendMail } from '../adapters/mail';
import { getBusiness, getEmployee } from '../business/repository';
import { cardPageHeaders, renderCardNotFound, renderContactResult, type PublicCardView } from '../card-page/card-page';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { raw } from '../http/http';
import { viewerIpOf } from '../lib/viewer-address';
import { contactMail } from '../mail/contact-mail';
import { brandOfBusiness } from '../agency/brand';
import { siteOriginForBrand } from '../domain-records/client-origin';
import { getShowableCard } from '../card-page/showable-card';
import { customDomainOf } from '../card-page/custom-domain-host';
import { enforceRateLimit } from '../rate-limit/enforce-rate-limit';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event';
import { putContact } from './repository';

export const CARD_CONTACT_LIMIT = { action: 'card-contact', limit: 10, windowSeconds: 3600 };
const MAX_FORM_BYTES = 16 * 1024;
const FORM_FIELDS = new Set(['name', 'email', 'phone', 'company', 'note', 'consent', 'website']);

const html = (status: number, body: string) => raw({ status, headers: cardPageHeaders, body });

/** The form's fields: urlencoded, each at most once, only the known ones. */
function formFields(event: APIGatewayProxyEventV2): Record<string, string> | null {
  const body = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const type = event.headers?.['content-type'] ?? '';
  if (Buffer.byteLength(body) > MAX_FORM_BYTES || !/^application\/x-www-form-urlencoded\b/i.test(type)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (!FORM_FIELDS.has(key) || key in fields) return null;
    fields[key] = value;
  }
  return fields;
}

export async function submitCardContact(cardId: string, event: APIGatewayProxyEventV2) {
  let card;
  try {
    card = await getShowableCard(cardId, customDomainOf(event.headers));
  } catch (error) {
    // A leaver's card takes no contact (410, issue 23 §2); any other card that cannot be shown is 'Card Not Found'.
    if (error instanceof AppError) return html(error.code === 'GONE' ? 410 : 404, renderCardNotFound(error.message));
    throw error;
  }
  const view: PublicCardView = { cardId, cardUrl: `/card/${cardId}`, vcardUrl: `/api/public/cards/${cardId}/vcard`, profile: card.profile, business: card.business };

  const fields = formFields(event);
  const parsed = fields ? contactFormSchema.safeParse(fields) : null;
  if (!parsed?.success) {
    const problems = parsed ? [...new Set(parsed.error.issues.map((issue) => issue.message))] : ['The form could not be read. Please try again.'];
    return html(400, renderContactResult(view, { ok: false, problems }));
  }
  try {
    await enforceRateLimit(CARD_CONTACT_LIMIT, viewerIpOf(event));
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return html(429, renderContactResult(view, { ok: false, problems: [messages.generic.rateLimited] }));
    throw error;
  }
  const { website, consent: _consent, ...contact } = parsed.data;
  // A bot filled the field people never see: it gets the same thanks, and nothing is stored or sent.
  if (website) return html(200, renderContactResult(view, { ok: true }));

  const stored = { contactId: newId(), businessId: card.businessId, employeeId: card.employeeId, employeeName: card.profile.name, cardId, name: contact.name, email: contact.email, ...(contact.phone ? { phone: contact.phone } : {}), ...(contact.company ? { company: contact.company } : {}), ...(contact.note ? { note: contact.note } : {}) };
  await putContact(stored);
  recordMetric('ContactsShared');
  // The business's webhook endpoints that take lead.created get it (queued; it never fails the form).
  await enqueueWebhookEvent(card.businessId, 'lead.created', leadCreatedData(stored));
  const [employee, business] = await Promise.all([getEmployee(card.employeeId), getBusiness(card.businessId)]);
  if (employee?.email) {
    const brand = business && brandOfBusiness(business);
    const portalLink = `${await siteOriginForBrand(brand)}/employee-portal`;
    await sendMail(contactMail({ to: employee.email, employeeName: employee.name, contact, portalLink, brand })).catch((error: Error) =>
      logger.warn('contact stored but not mailed', { contactId: stored.contactId, error }),
    );
  }
  return html(200, renderContactResult(view, { ok: true }));
}

/** lead.created's data: the contact as stored, with the card and employee it came through. */
function leadCreatedData(c: { contactId: string; businessId: string; employeeId: string; employeeName: string; cardId: string; name: string; email: string; phone?: string; company?: string; note?: string }) {
  return { contactId: c.contactId, businessId: c.businessId, employeeId: c.employeeId, employeeName: c.employeeName, cardId: c.cardId, name: c.name, email: c.email, phone: c.phone ?? null, company: c.company ?? null, note: c.note ?? null };
}
