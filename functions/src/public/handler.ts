// The `public` area Lambda: liveness, plans, the sales contact and the vCard download (the OpenAPI document: ../docs).
import { vcardFilename } from '../../../shared/vcard';
import { getShowableCard } from '../card-page/showable-card';
import { customDomainOf } from '../card-page/custom-domain-host';
import { vcardOf } from './card-vcard';
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { publicRoutes } from '../../routes/public';
import { viewerIpOf } from '../lib/viewer-address';
import { listActivePlans } from '../plans/repository';
import { submitSalesContact } from '../sales/submit-sales-contact';
import { checkLiveness } from './check-liveness';

export const handler = httpHandler(publicRoutes, {
  getHealth: async () => {
    const liveness = await checkLiveness();
    return raw({ status: liveness.status === 'ok' ? 200 : 503, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(liveness) });
  },
  listPlans: async () => listActivePlans(),
  submitSalesContact: async ({ body, event }) => submitSalesContact(body, viewerIpOf(event)),
  getCardVcard: async ({ params, event }) => {
    const card = await getShowableCard(params.cardId, customDomainOf(event.headers));
    return raw({
      headers: {
        'content-type': 'text/vcard; charset=utf-8',
        'content-disposition': `attachment; filename="${vcardFilename(card.profile.name)}"`,
        'cache-control': 'no-store',
      },
      body: await vcardOf(card),
    });
  },
});
