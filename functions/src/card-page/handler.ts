// The card page Lambda: GET /card/{cardId} → HTML, and the scan is counted; HEAD answers the same status and
// headers without a body and is not a scan, nor is a bot's or a prefetch's GET. What a phone opens after a scan, so
// it is kept to the minimum: no middy, no schema library, no ElectroDB — an id check, one GetItem, a template and
// one ADD (issue 7 §1, issue 25 §2). CloudFront calls it through its function URL (infra/web-stack.ts).
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isId } from '../../../shared/ids';
import { messages } from '../../../shared/messages';
import { siteConfig } from '../config';
import { logger } from '../lib/logger';
import { isFromEdge } from '../lib/origin-verify';
import { agencyIcon, cardPageHeaders, NO_ICON, renderCardGone, renderCardNotFound, renderCardPage, type GoneCardView, type PublicCardView } from './card-page';
import { agencyMarkOnDomain, customDomainOf, originOn, servesOnDomain } from './custom-domain-host';
import { readCard, readLeaver, type StoredCard, type StoredLeaver } from './card-store';
import { recordScan } from './record-scan';
import { scanContextOf } from './scan-context';

type Outcome =
  | { status: 200; card: StoredCard }
  | { status: 410; gone: GoneCardView }
  | { status: 400 | 404; message: string };

/**
 * A malformed id is 400, an unknown card 404, a card whose business is off 404 — 'Card Not Found'. A card whose
 * employee left (or was deleted) is 410 with the leaver page (issue 23 §2); any other card that is off stays 404. On a
 * custom domain (issue 21 §2), a card (or a leaver's page) whose business is not a client of the domain's agency is
 * unknown there.
 */
async function lookUp(cardId: string | undefined, domain: string | null): Promise<Outcome> {
  if (!isId(cardId)) return { status: 400, message: messages.card.notFound };
  const card = await readCard(cardId);
  if (card && domain && !(await servesOnDomain(domain, card.businessId))) return { status: 404, message: messages.card.notFound };
  if (card?.isActive && card.business.isActive) return { status: 200, card };
  if (card && !card.business.isActive) return { status: 404, message: messages.card.notAvailable };
  const leaver = await readLeaver(cardId);
  if (leaver && !card && domain && !(await servesOnDomain(domain, leaver.businessId))) return { status: 404, message: messages.card.notFound };
  if (leaver) return { status: 410, gone: goneView(leaver, card, cardUrlOf(cardId, domain)) };
  return { status: 404, message: card ? messages.card.notAvailable : messages.card.notFound };
}

/** The company as the card still shows it (kept current by Company Settings), else as it was when the card went. */
function goneView(leaver: StoredLeaver, card: StoredCard | null, cardUrl: string): GoneCardView {
  const business = card?.business ?? {
    name: leaver.businessName,
    website: leaver.website,
    logoUrl: leaver.logoUrl,
    primaryColor: leaver.primaryColor,
    secondaryColor: leaver.secondaryColor,
    accentColor: leaver.accentColor,
  };
  return {
    cardUrl,
    name: leaver.name,
    business,
    phone: leaver.phone,
    successor: leaver.successorCardId ? { cardId: leaver.successorCardId, name: leaver.successorName ?? business.name } : undefined,
  };
}

/** From configuration or the stored (verified) domain, never from the request's Host. */
function cardUrlOf(cardId: string, domain: string | null): string {
  return `${domain ? originOn(domain) : siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '')}/card/${cardId}`;
}

function toView(card: StoredCard, domain: string | null): PublicCardView {
  return {
    cardId: card.cardId,
    cardUrl: cardUrlOf(card.cardId, domain),
    vcardUrl: `/api/public/cards/${card.cardId}/vcard`,
    previewImageUrl: card.previewImageUrl,
    profile: card.profile,
    business: card.business,
  };
}

/**
 * `/card/{cardId}` → the id. CloudFront calls the function URL, whose events carry the path but no pathParameters
 * (no API Gateway route matched it).
 */
function cardIdOf(path: string | undefined): string | undefined {
  return /^\/card\/([^/]+)$/.exec(path ?? '')?.[1];
}

/** The tab icon of 'Card Not Found': on an agency's domain the agency's (issue 40), on the platform's its own. */
async function notFoundIcon(domain: string | null): Promise<string | undefined> {
  const mark = domain ? await agencyMarkOnDomain(domain) : null;
  return mark ? agencyIcon(mark) : undefined;
}

/**
 * The tab icon of the error page: the same as 'Card Not Found''s. On a custom domain whose agency cannot be read (the
 * failure may be the table's own) the page shows no icon rather than the platform's.
 */
async function errorIcon(domain: string | null): Promise<string | undefined> {
  try {
    return await notFoundIcon(domain);
  } catch (error) {
    logger.warn('the agency’s icon for the error page could not be read', { domain, error: error as Error });
    return domain ? NO_ICON : undefined;
  }
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  // Straight to API Gateway's own URL, around CloudFront and its WAF: refused (origin-verify.ts).
  if (!isFromEdge(event.headers)) return { statusCode: 403, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: messages.generic.forbidden };
  const head = event.requestContext?.http?.method === 'HEAD';
  const domain = customDomainOf(event.headers);
  try {
    // Media on an agency's domain comes here (infra/card-tenants.ts) to be checked against the domain's clients.
    if (event.rawPath?.startsWith('/media/')) return await (await import('./media-on-domain')).serveMediaOnDomain(event.rawPath, domain, head);
    const outcome = await lookUp(cardIdOf(event.rawPath), domain);
    if (outcome.status === 410) return { statusCode: 410, headers: cardPageHeaders, body: head ? '' : renderCardGone(outcome.gone) };
    if (outcome.status !== 200) return { statusCode: outcome.status, headers: cardPageHeaders, body: head ? '' : renderCardNotFound(outcome.message, await notFoundIcon(domain)) };
    if (head) return { statusCode: 200, headers: cardPageHeaders, body: '' };
    const scan = scanContextOf(event.headers ?? {}, event.queryStringParameters);
    if (scan) await recordScan(outcome.card, scan);
    return { statusCode: 200, headers: cardPageHeaders, body: renderCardPage(toView(outcome.card, domain)) };
  } catch (error) {
    logger.error('card page failed', { routeKey: event.routeKey, error: error as Error });
    return { statusCode: 500, headers: cardPageHeaders, body: head ? '' : renderCardNotFound(messages.card.loadFailed, await errorIcon(domain)) };
  }
}
