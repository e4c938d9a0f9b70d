// The origin card links use on a custom domain: the platform's scheme and port (from PUBLIC_ORIGIN) with the
// agency's domain as host, so https://cards.brightagency.com in AWS and http://cards.bright.localhost:3000 locally.
// Every absolute URL comes from configuration or the stored domain, never from a request's Host.
import { siteConfig } from '../config';

export function originOfDomain(domain: string): string {
  const platform = new URL(siteConfig().PUBLIC_ORIGIN);
  return `${platform.protocol}//${domain}${platform.port ? `:${platform.port}` : ''}`;
}

/** The platform's own host name (no port): a custom domain may be neither it nor a name under it. */
export function platformHost(): string {
  return new URL(siteConfig().PUBLIC_ORIGIN).hostname;
}
