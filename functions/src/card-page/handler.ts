// The card page Lambda: GET /card/{cardId} → HTML, and the scan is counted; HEAD answers the same status and
// headers without a body and is not a scan.
import { httpHandler, raw } from '../lib/http';
import { renderCardNotFound, renderCardPage } from './card-page';
import { isScan, recordScan } from './record-scan';
import { getShowableCard, toPublicCardView } from './showable-card';

const htmlHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

export const handler = httpHandler(
  'cardPage',
  {
    getCardPage: async ({ params, event }) => {
      const card = await getShowableCard(params.cardId);
      if (isScan(event.headers ?? {})) await recordScan(card);
      return raw({ headers: htmlHeaders, body: renderCardPage(toPublicCardView(card)) });
    },
    headCardPage: async ({ params }) => {
      await getShowableCard(params.cardId);
      return raw({ headers: htmlHeaders, body: '' });
    },
  },
  // A malformed id (400) or an unknown or inactive card (404) is shown as the 'Card Not Found' page.
  { errorPage: (error) => ({ headers: htmlHeaders, body: renderCardNotFound(error.code === 'NOT_FOUND' ? error.message : undefined) }) },
);
