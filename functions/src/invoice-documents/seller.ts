// Who issues CardCrew's invoices: the seller block of every invoice PDF, in this one place. These are placeholders for
// the operating company; set the legal name, address and tax id here before invoicing real customers (docs/decisions.md).
import type { InvoiceParty } from './invoice-document';

export const SELLER: InvoiceParty = {
  name: 'CardCrew, Inc.',
  addressLines: ['100 Market Street, Suite 300', 'San Francisco, CA 94105', 'United States'],
  contact: 'billing@cardcrew.app',
};
