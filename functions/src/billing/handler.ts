// The `billing` area Lambda: a business's own invoices (issue 27 §2). Admins' billing is in admin and payments.
import { httpHandler } from '../http/http-handler';
import { billingRoutes } from '../../routes/billing';
import { listBusinessInvoices } from './list-business-invoices';

export const handler = httpHandler(billingRoutes, {
  listBusinessInvoices: async ({ caller, params }) => listBusinessInvoices(caller, params.businessId),
});
