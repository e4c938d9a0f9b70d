// The `invoiceDocuments` area Lambda: invoice PDFs (issue 27 §2). Its own function because pdf-lib is over half a
// megabyte: no other Lambda carries it. Its one route is public (the invoice's unguessable id is the credential, as on
// the payment page), so it resolves no caller and reads with the plain document client (no ElectroDB).
import { createHttpHandler, raw } from '../http/http';
import { invoiceDocumentsRoutes } from '../../routes/invoice-documents';
import { getInvoicePdfLink } from './get-invoice-pdf';

export const handler = createHttpHandler(
  invoiceDocumentsRoutes,
  {
    getInvoicePdf: async ({ params }) => {
      const location = await getInvoicePdfLink(params.invoiceId);
      // The link expires in minutes, so neither the browser nor CloudFront may keep the redirect.
      return raw({ status: 302, headers: { location, 'cache-control': 'no-store' }, body: '' });
    },
  },
  null,
);
