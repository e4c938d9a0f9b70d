// Contact exchange: the card page form and the contact lists: the `contacts` area's routes (functions/routes.ts combines every area's).
import { contactListQuerySchema, contactSchema } from '../../shared/schemas/contact';
import * as z from '../../shared/zod';
import { defineRoutes } from './define';

export const contactsRoutes = defineRoutes('contacts', {
  submitCardContact: { method: 'POST', path: '/api/public/cards/{cardId}/contact', auth: 'public', throttle: 'strict', summary: "The card page's 'Share your details' form (urlencoded, no JavaScript): stored and mailed to the employee; answered with an HTML page", produces: 'text/html', scoped: true },
  listMyContacts: { method: 'GET', path: '/api/me/contacts', auth: 'user', throttle: 'standard', summary: 'Employee portal: the contacts shared with the caller, newest first (404 when not linked to an employee)', response: z.array(contactSchema) },
  listBusinessContacts: { method: 'GET', path: '/api/businesses/{businessId}/contacts', auth: 'user', throttle: 'standard', summary: "The business's contacts newest first, optionally one employee's (?employeeId=)", query: contactListQuerySchema, response: z.array(contactSchema), scoped: true },
  deleteContact: { method: 'DELETE', path: '/api/businesses/{businessId}/contacts/{contactId}', auth: 'user', throttle: 'standard', summary: 'Deletes a contact (its employee, or whoever manages the business) (204)', scoped: true },
});
