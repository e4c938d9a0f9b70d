// Whether the page is served on an agency's custom domain rather than the platform's address (its host is not the one
// of publicOrigin in /config.json). Apart from site-brand.ts, which reads the brand with a schema, so that the first
// load of every page (session start, Sign Out) carries no schema library for this check.
import { getConfig } from '@web/lib/config';

export function onAgencyDomain(): boolean {
  try {
    return typeof window !== 'undefined' && window.location.host !== new URL(getConfig().publicOrigin).host;
  } catch {
    return false; // no configuration yet (prerendering): the platform's pages
  }
}
