// Invoice PDFs (issue 27 §2): the `invoiceDocuments` area's routes (functions/routes.ts combines every area's).
import { defineRoutes } from './define';

export const invoiceDocumentsRoutes = defineRoutes('invoiceDocuments', {
  getInvoicePdf: {
    method: 'GET',
    path: '/api/public/invoices/{invoiceId}/pdf',
    auth: 'public',
    throttle: 'strict',
    summary: "The invoice's PDF as it stands now (issued, or stamped Paid): a 302 to a link valid for 5 minutes; anyone with the invoice's link may open it, as the payment page (404 for an unknown id)",
    produces: 'application/pdf',
    scoped: true,
  },
});
