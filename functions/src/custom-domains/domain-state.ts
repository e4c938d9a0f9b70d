// What the agency sees for its domain, derived from what CloudFront answers (the tenant, its managed certificate and
// the DNS check): pending-dns → issuing-certificate → active, or failed with the certificate's status.
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import type { CustomDomainState } from '../../../shared/schemas/custom-domain';
import type { TenantSnapshot } from '../adapters/cloudfront-tenants';

/** How often a domain's state is read back from its provider (CloudFront, SES): every 2 s while on its way, every 5 minutes once there. */
export const REFRESH_SECONDS = 2;
export const ACTIVE_REFRESH_SECONDS = 300;

const FAILED_CERTIFICATE = new Set(['failed', 'validation-timed-out', 'revoked', 'expired', 'inactive']);

export function stateOf(snapshot: Pick<TenantSnapshot, 'tenant' | 'certificate' | 'dns'>, routingEndpoint: string): { state: CustomDomainState; reason: string | null } {
  const certificate = snapshot.certificate?.CertificateStatus;
  if (certificate && FAILED_CERTIFICATE.has(certificate)) return { state: 'failed', reason: customDomainMessages.failed(certificate) };
  const domainsActive = (snapshot.tenant.Domains ?? []).length > 0 && (snapshot.tenant.Domains ?? []).every((d) => d.Status === 'active');
  if (certificate === 'issued' && domainsActive && snapshot.tenant.Enabled !== false) return { state: 'active', reason: null };
  if (snapshot.dns.status !== 'valid-configuration') {
    return { state: 'pending-dns', reason: snapshot.dns.reason ? `${customDomainMessages.pendingDns(routingEndpoint)} CloudFront: ${snapshot.dns.reason}` : customDomainMessages.pendingDns(routingEndpoint) };
  }
  return { state: 'issuing-certificate', reason: customDomainMessages.issuing };
}
