// The SSO domain claims tab: every business's claims of e-mail domains (pending, verified or expired) by domain, 50 a
// page with 'Load more', searched by the domain's start, and Release behind a confirmation — so a claim that keeps a
// domain from the business that owns it can be taken away. A list of cards, not a table: it fits a 390 px phone.
import { formatLongDate } from '@shared/format';
import { ssoClaimMessages as m } from '@shared/messages/sso';
import { ssoDomainClaimQuerySchema, type SsoDomainClaim } from '@shared/schemas/sso';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Badge, type BadgeVariant } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { useDebounced } from '@web/lib/use-debounced';
import { useReleaseSsoDomainClaim, useSsoDomainClaims } from '../api/sso-domain-claims';

const states: Record<SsoDomainClaim['state'], { label: string; variant: BadgeVariant }> = {
  verified: { label: 'Verified', variant: 'success' },
  pending: { label: 'Pending', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'outline' },
};

/** The search as the API takes it (trimmed, lower case), or the reason it cannot be sent. */
function searchOf(text: string): { q: string; error?: undefined } | { q?: undefined; error: string } {
  const parsed = ssoDomainClaimQuerySchema.safeParse({ q: text });
  return parsed.success ? { q: parsed.data.q ?? '' } : { error: parsed.error.issues[0]?.message ?? 'Invalid search' };
}

export function SsoDomainsTab() {
  const [text, setText] = useState('');
  const search = searchOf(useDebounced(text));
  const claims = useSsoDomainClaims(search.q ?? '', search.error === undefined);
  const [releasing, setReleasing] = useState<SsoDomainClaim | null>(null);
  return (
    <section aria-labelledby="sso-domains-heading" className="grid gap-4">
      <h2 id="sso-domains-heading" className="text-xl font-semibold">
        {m.tabTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{m.intro}</p>
      <Card className="p-4">
        <FormField label={m.searchLabel} error={searchOf(text).error}>
          <Input type="search" placeholder="example.com" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
        </FormField>
      </Card>
      {search.error ? null : claims.isPending ? (
        <Spinner label="Loading domain claims…" />
      ) : claims.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {m.loadFailed}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {claims.data.length === 0 ? m.none : `Showing ${claims.data.length} ${claims.data.length === 1 ? 'claim' : 'claims'}.`}
          </p>
          {claims.data.length > 0 && (
            <ul aria-label="Domain claims" className="grid gap-3">
              {claims.data.map((claim) => (
                <ClaimItem key={`${claim.domain} ${claim.businessId}`} claim={claim} onRelease={() => setReleasing(claim)} />
              ))}
            </ul>
          )}
          {claims.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={claims.isFetchingNextPage} onClick={() => void claims.fetchNextPage()}>
                {claims.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
      <ReleaseClaimDialog claim={releasing} onDone={() => setReleasing(null)} />
    </section>
  );
}

const businessOf = (claim: SsoDomainClaim) => claim.businessName ?? m.deletedBusiness;

function ClaimItem({ claim, onRelease }: { claim: SsoDomainClaim; onRelease: () => void }) {
  const state = states[claim.state];
  return (
    <li className="grid gap-3 rounded-xl border bg-background p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-all">{claim.domain}</p>
          <Badge variant={state.variant}>{state.label}</Badge>
        </div>
        <p className="text-sm break-words">
          {businessOf(claim)}
          <span className="text-muted-foreground"> · {claim.businessId}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Claimed {formatLongDate(claim.createdAt)}
          {claim.verifiedAt && ` · verified ${formatLongDate(claim.verifiedAt)}`}
          {claim.expiresAt && ` · ${claim.state === 'expired' ? 'expired' : 'expires'} ${formatLongDate(claim.expiresAt)}`}
        </p>
      </div>
      <Button variant="outline" size="sm" className="justify-self-start sm:justify-self-end" onClick={onRelease} aria-label={m.releaseLabel(claim.domain, businessOf(claim))}>
        {m.release}
      </Button>
    </li>
  );
}

function ReleaseClaimDialog({ claim, onDone }: { claim: SsoDomainClaim | null; onDone: () => void }) {
  const release = useReleaseSsoDomainClaim();
  const confirm = async () => {
    if (!claim) return;
    try {
      await release.mutateAsync(claim);
    } catch {
      toast.error('Error', { description: m.releaseFailed });
      return;
    }
    toast.success(m.released(claim.domain));
    onDone();
  };
  return (
    <ConfirmDialog
      open={claim !== null}
      title={m.releaseTitle}
      description={claim ? m.releaseDescription(claim.domain, businessOf(claim), claim.state === 'verified') : ''}
      confirmLabel={release.isPending ? m.releasing : m.release}
      busy={release.isPending}
      onConfirm={() => void confirm()}
      onOpenChange={(open) => !open && onDone()}
    />
  );
}
