// The header the edge names an agency's custom domain in (the tenant distribution's CloudFront Function in AWS, the
// local server locally), and strips from every other request, so a viewer cannot claim one. Here, below every area,
// because the API's caller check reads it as well as the card routes (identity/domain-access.ts).
export const CUSTOM_DOMAIN_HEADER = 'x-cardcrew-custom-domain';

/** The custom domain the edge says the request came in on, or null on the platform's. */
export function customDomainOf(headers: Record<string, string | undefined> | undefined): string | null {
  const value = headers?.[CUSTOM_DOMAIN_HEADER];
  return value ? value.toLowerCase() : null;
}
