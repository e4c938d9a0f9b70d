// The `public` area Lambda: health, the OpenAPI document and the vCard download.
import { vcardFilename } from '../../../shared/vcard';
import type { SalesContact } from '../../../shared/schemas/sales-contact';
import { created, httpHandler, raw, type OperationInput } from '../lib/http';
import { listPlans } from '../plans/repository';
import { submitSalesContact } from '../sales/submit-sales-contact';
import { checkHealth } from './check-health';
import { getShowableCard, vcardOf } from './get-public-card';
import { openApiDocument } from './openapi';

export const handler = httpHandler('public', {
  getHealth: async () => {
    const health = await checkHealth();
    return raw({ status: health.status === 'ok' ? 200 : 503, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify(health) });
  },
  getOpenApi: async () => openApiDocument(),
  listPlans: async () => (await listPlans()).filter((plan) => plan.isActive),
  submitSalesContact: async ({ body, event }: OperationInput<SalesContact>) =>
    created(await submitSalesContact(body, event.requestContext.http?.sourceIp ?? 'unknown')),
  getCardVcard: async ({ params }: OperationInput) => {
    const card = await getShowableCard(params.cardId ?? '');
    return raw({
      headers: {
        'content-type': 'text/vcard; charset=utf-8',
        'content-disposition': `attachment; filename="${vcardFilename(card.profile.name)}"`,
        'cache-control': 'no-store',
      },
      body: vcardOf(card),
    });
  },
});
