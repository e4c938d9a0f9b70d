// Who sells on CardCrew's invoices: the seller of record of every invoice PDF, the platform's company from
// configuration (functions/src/config.ts invoiceSellerConfig) — also under an agency's brand, where it is named apart in
// smaller type (docs/decisions.md "Invoices in the agency's brand").
import { invoiceSellerConfig } from '../config';
import type { InvoiceParty } from './invoice-document';

export function sellerOfRecord(): InvoiceParty {
  const { INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS, INVOICE_SELLER_EMAIL } = invoiceSellerConfig();
  return {
    name: INVOICE_SELLER_NAME.trim(),
    addressLines: INVOICE_SELLER_ADDRESS.split('|').map((line) => line.trim()).filter(Boolean),
    contact: INVOICE_SELLER_EMAIL,
  };
}
