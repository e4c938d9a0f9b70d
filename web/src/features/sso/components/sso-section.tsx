// Company Settings → 'Single sign-on' (issue 24): the e-mail domains SSO covers, each with the DNS TXT record that
// proves it (Check, Remove); the identity provider (SAML 2.0 by metadata URL or XML upload, or OpenID Connect) and what
// it needs from us; 'Test sign-in'; the two switches (create employees on first sign-in; require SSO, the owner keeping
// a password sign-in — switched on only after a recorded successful test sign-in, and confirmed).
import { ssoMessages } from '@shared/messages/sso';
import { claimSsoDomainSchema, type Sso, type SsoDomain, type SsoProviderInput } from '@shared/schemas/sso';
import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { getConfig } from '@web/lib/config';
import { formatLongDate } from '@shared/format';
import { startTestSignIn } from '../hosted-ui';
import { useCheckSsoDomain, useClaimSsoDomain, useConnectSsoProvider, useDisconnectSsoProvider, useRemoveSsoDomain, useSaveSsoSettings, useSso } from '../api/sso';

const failure = (error: unknown) => (isApiError(error) && error.status < 500 ? error.message : ssoMessages.saveFailed);

/** A label, a value in code type and its copy button. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground" id={id}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-labelledby={id} className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm">
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label}`} />
      </div>
    </div>
  );
}

export function SsoSection({ businessId, businessName }: { businessId: string; businessName: string }) {
  const headingId = useId();
  const sso = useSso(businessId);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden className="size-4" />
          {ssoMessages.sectionTitle}
        </h3>
        <p className="text-sm text-muted-foreground">
          Let your staff sign in through your own identity provider (Okta, Microsoft Entra ID, Google Workspace, JumpCloud) with SAML 2.0 or OpenID Connect. Claim
          and verify your e-mail domains, then connect the provider.
        </p>
      </div>
      {sso.isPending ? (
        <Spinner label="Loading single sign-on…" />
      ) : sso.isError ? (
        <p className="text-sm text-destructive">Could not load single sign-on. Please try again.</p>
      ) : (
        <>
          <Domains businessId={businessId} domains={sso.data.domains} />
          <ServiceProvider details={sso.data.serviceProvider} />
          <Provider businessId={businessId} sso={sso.data} />
          <Switches businessId={businessId} businessName={businessName} settings={sso.data.settings} testedAt={sso.data.provider?.testedAt ?? null} />
        </>
      )}
    </section>
  );
}

function Domains({ businessId, domains }: { businessId: string; domains: SsoDomain[] }) {
  const claim = useClaimSsoDomain(businessId);
  const check = useCheckSsoDomain(businessId);
  const remove = useRemoveSsoDomain(businessId);
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<SsoDomain | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = claimSsoDomainSchema.safeParse({ domain });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await claim.mutateAsync(parsed.data.domain);
      setDomain('');
      toast.success(ssoMessages.domainClaimed);
    } catch (e) {
      if (isApiError(e) && e.fieldErrors?.domain) setError(e.fieldErrors.domain);
      else toast.error('Error', { description: failure(e) });
    }
  }

  async function onCheck(d: SsoDomain) {
    try {
      await check.mutateAsync(d.id);
      toast.success(ssoMessages.domainVerified);
    } catch (e) {
      toast.error(`${d.domain} is not verified yet`, { description: failure(e) });
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(ssoMessages.domainRemoved);
      setRemoving(null);
    } catch (e) {
      toast.error('Error', { description: failure(e) });
    }
  }

  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-medium">Domains</h4>
      {domains.length === 0 ? (
        <p className="text-sm text-muted-foreground">No domains yet. Claim the domain of your staff’s e-mail addresses.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Single sign-on domains">
          {domains.map((d) => (
            <li key={d.id} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex flex-wrap items-center gap-2 break-all font-medium">
                  <span>{d.domain}</span>
                  <Badge variant={d.state === 'verified' ? 'success' : 'secondary'}>{d.state === 'verified' ? 'Verified' : 'Pending DNS'}</Badge>
                </p>
                <div className="flex gap-2">
                  {d.state === 'pending' && (
                    <Button type="button" size="sm" aria-label={`Check ${d.domain}`} disabled={check.isPending} onClick={() => void onCheck(d)}>
                      Check
                    </Button>
                  )}
                  <Button type="button" variant="outline" size="sm" aria-label={`Remove ${d.domain}`} onClick={() => setRemoving(d)}>
                    Remove
                  </Button>
                </div>
              </div>
              {d.state === 'pending' && (
                <div className="grid gap-2">
                  <p className="text-sm text-muted-foreground">
                    Create this TXT record at your DNS provider, then press Check.{d.expiresAt ? ` ${ssoMessages.domainExpires(formatLongDate(d.expiresAt))}.` : ''}
                  </p>
                  <CopyRow label={`TXT record name for ${d.domain}`} value={d.txtRecord.name} />
                  <CopyRow label={`TXT record value for ${d.domain}`} value={d.txtRecord.value} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-2" aria-label="Claim a domain">
        <FormField label="E-mail domain" error={error} hint="For example acme.com">
          <Input value={domain} maxLength={60} autoComplete="off" spellCheck={false} onChange={(e) => setDomain(e.target.value)} />
        </FormField>
        <Button type="submit" className="justify-self-start" disabled={claim.isPending}>
          {claim.isPending ? 'Claiming...' : 'Claim Domain'}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title="Remove domain?"
        description={`People with an e-mail at ${removing?.domain ?? ''} can no longer find your identity provider by it.`}
        confirmLabel="Remove Domain"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </div>
  );
}

function ServiceProvider({ details }: { details: Sso['serviceProvider'] }) {
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium">What your identity provider needs from us</h4>
      <CopyRow label="SAML ACS URL (reply URL)" value={details.acsUrl} />
      <CopyRow label="SAML audience (entity ID)" value={details.audience} />
      <CopyRow label="OpenID Connect redirect URI" value={details.redirectUri} />
    </div>
  );
}

function Provider({ businessId, sso }: { businessId: string; sso: Sso }) {
  const disconnect = useDisconnectSsoProvider(businessId);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const provider = sso.provider;
  const verified = sso.domains.find((d) => d.state === 'verified');
  const canTest = Boolean(verified && provider && getConfig().oauthDomain);

  async function testSignIn() {
    if (!provider) return;
    // Opened before the (asynchronous) PKCE challenge is ready, so the browser does not block it as a pop-up.
    const tab = window.open('about:blank', '_blank');
    const url = await startTestSignIn(getConfig(), provider.providerName, businessId);
    if (tab && url) tab.location.href = url;
    else tab?.close();
  }

  async function confirmDisconnect() {
    try {
      await disconnect.mutateAsync(undefined);
      toast.success(ssoMessages.providerRemoved);
      setConfirming(false);
    } catch (e) {
      toast.error('Error', { description: failure(e) });
    }
  }

  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-medium">Identity provider</h4>
      {provider && !editing ? (
        <div className="grid gap-2 rounded-md border p-3 text-sm" data-testid="sso-provider">
          <p className="font-medium">{provider.type === 'SAML' ? 'SAML 2.0' : 'OpenID Connect'} connected</p>
          {provider.entityId && <p className="break-all">Entity ID: {provider.entityId}</p>}
          {provider.issuer && <p className="break-all">Issuer: {provider.issuer}</p>}
          {provider.clientId && <p className="break-all">Client ID: {provider.clientId}</p>}
          {provider.signInUrl && <p className="break-all">Sign-in URL: {provider.signInUrl}</p>}
          {provider.testedAt && <p data-testid="sso-tested">{ssoMessages.requireSsoTested(formatLongDate(provider.testedAt))}</p>}
          {sso.previousProvider && (
            <p className="text-muted-foreground" data-testid="sso-previous-provider">
              {ssoMessages.previousProviderKept(sso.previousProvider.type === 'SAML' ? 'SAML 2.0' : 'OpenID Connect', sso.previousProvider.entityId ?? sso.previousProvider.issuer ?? '')}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {canTest ? (
              <Button type="button" size="sm" onClick={() => void testSignIn()}>
                Test sign-in
              </Button>
            ) : (
              <p className="text-muted-foreground">Verify a domain to test the sign-in.</p>
            )}
            <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
              Replace
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          </div>
        </div>
      ) : (
        <ConnectForm businessId={businessId} onDone={() => setEditing(false)} canCancel={Boolean(provider)} />
      )}
      <ConfirmDialog
        open={confirming}
        title="Disconnect the identity provider?"
        description={sso.settings.requireSso ? `${ssoMessages.disconnectDescription} ${ssoMessages.disconnectTurnsOffRequireSso}` : ssoMessages.disconnectDescription}
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onConfirm={() => void confirmDisconnect()}
        onOpenChange={(open) => !open && setConfirming(false)}
      />
    </div>
  );
}

function ConnectForm({ businessId, onDone, canCancel }: { businessId: string; onDone: () => void; canCancel: boolean }) {
  const connect = useConnectSsoProvider(businessId);
  const [type, setType] = useState<'SAML' | 'OIDC'>('SAML');
  const [metadataUrl, setMetadataUrl] = useState('');
  const [metadataXml, setMetadataXml] = useState<{ name: string; text: string } | null>(null);
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [keepCurrentProvider, setKeepCurrentProvider] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const groupName = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: SsoProviderInput =
      type === 'SAML'
        ? { type, ...(metadataXml ? { metadataXml: metadataXml.text } : { metadataUrl: metadataUrl.trim() || undefined }) }
        : { type, issuer: issuer.trim(), clientId: clientId.trim(), clientSecret };
    if (canCancel && keepCurrentProvider) input.keepCurrentProvider = true;
    setErrors({});
    try {
      await connect.mutateAsync(input);
      toast.success(ssoMessages.providerSaved);
      setClientSecret('');
      onDone();
    } catch (e) {
      if (isApiError(e) && e.fieldErrors && Object.keys(e.fieldErrors).length) setErrors(e.fieldErrors);
      else toast.error('Error', { description: failure(e) });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="Connect an identity provider">
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium">Protocol</legend>
        {(['SAML', 'OIDC'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name={groupName} value={value} checked={type === value} onChange={() => setType(value)} className="size-4 accent-primary" />
            {value === 'SAML' ? 'SAML 2.0' : 'OpenID Connect'}
          </label>
        ))}
      </fieldset>
      {type === 'SAML' ? (
        <>
          <FormField label="Metadata URL" error={errors.metadataUrl} hint="Or upload the metadata XML file below">
            <Input type="url" value={metadataUrl} disabled={Boolean(metadataXml)} spellCheck={false} onChange={(e) => setMetadataUrl(e.target.value)} />
          </FormField>
          <FormField label="Metadata XML file" error={errors.metadataXml} hint={metadataXml ? `Selected: ${metadataXml.name}` : 'The IdP metadata downloaded from your provider'}>
            <Input
              type="file"
              accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setMetadataXml(file ? { name: file.name, text: await file.text() } : null);
              }}
            />
          </FormField>
        </>
      ) : (
        <>
          <FormField label="Issuer URL" error={errors.issuer} hint="We read its /.well-known/openid-configuration">
            <Input type="url" value={issuer} spellCheck={false} onChange={(e) => setIssuer(e.target.value)} />
          </FormField>
          <FormField label="Client ID" error={errors.clientId}>
            <Input value={clientId} autoComplete="off" spellCheck={false} onChange={(e) => setClientId(e.target.value)} />
          </FormField>
          <FormField label="Client secret" error={errors.clientSecret} hint="Stored with Amazon Cognito only; never shown again">
            <Input type="password" value={clientSecret} autoComplete="new-password" onChange={(e) => setClientSecret(e.target.value)} />
          </FormField>
        </>
      )}
      {canCancel && (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={keepCurrentProvider} onChange={(e) => setKeepCurrentProvider(e.target.checked)} className="mt-0.5 size-4 accent-primary" />
          {ssoMessages.keepCurrentProvider}
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting...' : 'Connect Provider'}
        </Button>
        {canCancel && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Switches({ businessId, businessName, settings, testedAt }: { businessId: string; businessName: string; settings: Sso['settings']; testedAt: string | null }) {
  const save = useSaveSsoSettings(businessId);
  const jitId = useId();
  const requireId = useId();
  const requireHintId = useId();
  const [confirming, setConfirming] = useState(false);
  async function change(next: Sso['settings']) {
    try {
      await save.mutateAsync(next);
      toast.success(ssoMessages.settingsSaved);
      return true;
    } catch (e) {
      toast.error('Error', { description: failure(e) });
      return false;
    }
  }
  // Switching on waits for a successful test through the current provider and a confirmation; off needs neither.
  const canRequire = settings.requireSso || Boolean(testedAt);
  return (
    <div className="grid gap-3">
      <div className="flex items-start gap-2">
        <input
          id={jitId}
          type="checkbox"
          role="switch"
          className="mt-1 size-4 accent-primary"
          checked={settings.createEmployeesOnFirstSignIn}
          disabled={save.isPending}
          onChange={(e) => void change({ ...settings, createEmployeesOnFirstSignIn: e.target.checked })}
        />
        <label htmlFor={jitId} className="text-sm">
          <span className="font-medium">Allow creating employees on first sign-in</span>
          <span className="block text-muted-foreground">Off: only people you added as employees can sign in. On: a new person becomes a draft employee for you to review.</span>
        </label>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={requireId}
          type="checkbox"
          role="switch"
          aria-describedby={canRequire ? undefined : requireHintId}
          className="mt-1 size-4 accent-primary"
          checked={settings.requireSso}
          disabled={save.isPending || !canRequire}
          onChange={(e) => (e.target.checked ? setConfirming(true) : void change({ ...settings, requireSso: false }))}
        />
        <label htmlFor={requireId} className="text-sm">
          <span className="font-medium">Require SSO</span>
          <span className="block text-muted-foreground">Employees can no longer sign in with a password or Google. {ssoMessages.ownerKeepsPassword}</span>
        </label>
      </div>
      {!canRequire && (
        <p id={requireHintId} className="text-sm text-muted-foreground" data-testid="sso-require-hint">
          {ssoMessages.requireSsoTestFirst}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={ssoMessages.requireSsoConfirmTitle}
        description={ssoMessages.requireSsoConfirmDescription(businessName)}
        confirmLabel={ssoMessages.requireSsoConfirm}
        busy={save.isPending}
        onConfirm={() => void change({ ...settings, requireSso: true }).then((saved) => saved && setConfirming(false))}
        onOpenChange={(open) => !open && setConfirming(false)}
      />
    </div>
  );
}
