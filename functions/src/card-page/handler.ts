// The card page Lambda: GET /card/{cardId} → HTML, and the scan is counted.
import { httpHandler, raw, type OperationInput } from '../lib/http';
import { AppError } from '../lib/errors';
import { getShowableCard, toPublicCardView } from '../public/get-public-card';
import { renderCardNotFound, renderCardPage } from './card-page';
import { isScan, recordScan } from './record-scan';

const htmlHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

export const handler = httpHandler('cardPage', {
  getCardPage: async ({ params, event }: OperationInput) => {
    try {
      const card = await getShowableCard(params.cardId ?? '');
      if (isScan(event.headers ?? {})) await recordScan(card);
      return raw({ headers: htmlHeaders, body: renderCardPage(toPublicCardView(card)) });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return raw({ status: 404, headers: htmlHeaders, body: renderCardNotFound(error.message) });
      }
      throw error;
    }
  },
});
