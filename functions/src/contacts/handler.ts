// The `contacts` area Lambda: the card page's 'Share your details' form, and the contact lists of the portal and the
// dashboard (issue 11 §3).
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { contactsRoutes } from '../../routes/contacts';
import { listBusinessContacts, listMyContacts, removeContact } from './list-contacts';
import { submitCardContact } from './submit-contact';

export const handler = httpHandler(contactsRoutes, {
  submitCardContact: async ({ params, event }) => submitCardContact(params.cardId, event),
  listMyContacts: async ({ caller }) => listMyContacts(caller),
  listBusinessContacts: async ({ caller, params, query }) => listBusinessContacts(caller, params.businessId, query.employeeId),
  deleteContact: async ({ caller, params }) => {
    await removeContact(caller, params.businessId, params.contactId);
    return raw({ status: 204, body: '' });
  },
});
