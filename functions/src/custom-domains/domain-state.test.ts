// The state an agency sees for its domain, from what CloudFront answers (issue 21 §2).
import type { ManagedCertificateDetails } from '@aws-sdk/client-cloudfront';
import { describe, expect, it } from 'vitest';
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import { stateOf } from './domain-state';

const endpoint = 'd111111abcdef8.cloudfront.net';
const tenant = (status: 'active' | 'inactive', enabled = true) => ({ Id: 'dt_1', Enabled: enabled, Domains: [{ Domain: 'cards.example.com', Status: status }] });
const certificate = (status: string) => ({ CertificateStatus: status, ValidationTokenHost: 'cloudfront' }) as ManagedCertificateDetails;
const valid = { status: 'valid-configuration', reason: null };
const invalid = { status: 'invalid-configuration', reason: 'There is either a missing DNS record…' };

describe('stateOf', () => {
  it('is pending DNS while the CNAME is missing, with CloudFront’s reason after ours', () => {
    const { state, reason } = stateOf({ tenant: tenant('inactive'), certificate: certificate('pending-validation'), dns: invalid }, endpoint);
    expect(state).toBe('pending-dns');
    expect(reason).toBe(`${customDomainMessages.pendingDns(endpoint)} CloudFront: ${invalid.reason}`);
  });

  it('is issuing the certificate once DNS points at CloudFront', () => {
    expect(stateOf({ tenant: tenant('inactive'), certificate: certificate('pending-validation'), dns: valid }, endpoint)).toEqual({ state: 'issuing-certificate', reason: customDomainMessages.issuing });
    // Issued, but the tenant's domain not active yet: still on its way.
    expect(stateOf({ tenant: tenant('inactive'), certificate: certificate('issued'), dns: valid }, endpoint).state).toBe('issuing-certificate');
  });

  it('is active once the certificate is issued and the domain is active on an enabled tenant', () => {
    expect(stateOf({ tenant: tenant('active'), certificate: certificate('issued'), dns: valid }, endpoint)).toEqual({ state: 'active', reason: null });
    expect(stateOf({ tenant: tenant('active', false), certificate: certificate('issued'), dns: valid }, endpoint).state).not.toBe('active');
  });

  it.each(['failed', 'validation-timed-out', 'revoked', 'expired', 'inactive'])('has failed when the certificate is %s, saying so', (status) => {
    expect(stateOf({ tenant: tenant('inactive'), certificate: certificate(status), dns: valid }, endpoint)).toEqual({ state: 'failed', reason: customDomainMessages.failed(status) });
  });
});
