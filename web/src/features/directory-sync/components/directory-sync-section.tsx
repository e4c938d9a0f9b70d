// Company Settings → 'Directory sync' (issue 23 §1): the SCIM base URL, SCIM tokens (created with a name and shown
// once, listed with created and last-used times, revoked after a confirmation), whether provisioned employees also get
// the invitation mail, and short setup steps for Okta and Entra ID.
import { directorySyncMessages } from '@shared/messages/directory-sync';
import { MAX_SCIM_TOKENS, scimTokenCreateSchema, type ScimTokenCreated } from '@shared/schemas/directory-sync';
import { formatLongDate } from '@shared/format';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { getConfig } from '@web/lib/config';
import { useCreateScimToken, useDirectorySync, useRevokeScimToken, useSaveDirectorySettings } from '../api/directory-sync';

/** The SCIM base URL identity providers are given: `/scim/v2` on the site. */
export function scimBaseUrl(): string {
  return `${getConfig().publicOrigin.replace(/\/$/, '')}/scim/v2`;
}

export function DirectorySyncSection({ businessId }: { businessId: string }) {
  const headingId = useId();
  const sync = useDirectorySync(businessId);
  const baseUrl = scimBaseUrl();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <KeyRound aria-hidden className="size-4" />
          Directory sync
        </h3>
        <p className="text-sm text-muted-foreground">
          Add, update and deactivate employees from Okta or Microsoft Entra ID over SCIM 2.0. Provisioned employees are billed like any other and get a card. Changes in this section apply at once.
        </p>
      </div>

      <div className="grid gap-1">
        <span className="text-sm font-medium" id={`${headingId}-url`}>
          SCIM base URL
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <code aria-labelledby={`${headingId}-url`} className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm">
            {baseUrl}
          </code>
          <CopyButton value={baseUrl} label="Copy SCIM base URL" />
        </div>
      </div>

      {sync.isPending ? (
        <Spinner label="Loading directory sync…" />
      ) : sync.isError ? (
        <p className="text-sm text-destructive">Could not load directory sync. Please try again.</p>
      ) : (
        <>
          <TokenList businessId={businessId} tokens={sync.data.tokens} />
          <InvitationSetting businessId={businessId} sendInvitations={sync.data.settings.sendInvitations} />
        </>
      )}

      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Set up Okta</summary>
        <ol className="mt-2 grid list-decimal gap-1 pl-5">
          <li>In Okta Admin, add an app with SCIM provisioning (Applications → Create App Integration, or the SCIM 2.0 test app).</li>
          <li>Provisioning → Integration: SCIM connector base URL = the SCIM base URL above; unique identifier field = userName; authentication = HTTP Header, with a token created here as the Bearer token.</li>
          <li>Supported actions: Push New Users, Push Profile Updates. Test the connector, save, then enable Create, Update and Deactivate Users under To App.</li>
        </ol>
      </details>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Set up Microsoft Entra ID</summary>
        <ol className="mt-2 grid list-decimal gap-1 pl-5">
          <li>Enterprise applications → New application → Create your own application (non-gallery).</li>
          <li>Provisioning → Automatic: Tenant URL = the SCIM base URL above; Secret Token = a token created here. Test Connection, then Save.</li>
          <li>Keep the user attribute mappings (userPrincipalName → userName, mail → work e-mail, department, jobTitle), assign users or groups, and start provisioning.</li>
        </ol>
      </details>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{directorySyncMessages.googleWorkspaceTitle}</summary>
        <ul className="mt-2 grid list-disc gap-1 pl-5">
          {directorySyncMessages.googleWorkspaceSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** The last use to the minute (recorded at most once a minute), in the viewer's time zone. */
function formatLastUse(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

function TokenList({ businessId, tokens }: { businessId: string; tokens: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }) {
  const revoke = useRevokeScimToken(businessId);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  // Kept here, not in the form: creating the fifth token replaces the form, and the new token must stay on screen.
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const full = tokens.length >= MAX_SCIM_TOKENS;

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(directorySyncMessages.tokenRevokedTitle, { description: directorySyncMessages.tokenRevoked });
      setRevoking(null);
    } catch {
      toast.error('Error', { description: directorySyncMessages.revokeFailed });
    }
  }

  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-medium">SCIM tokens</h4>
      {tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tokens yet. Create one for each identity provider connection.</p>
      ) : (
        <ul className="grid gap-2" aria-label="SCIM tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="min-w-0">
                <p className="break-words font-medium">{t.name}</p>
                <p className="text-xs text-muted-foreground">
                  Created {formatLongDate(t.createdAt)} ·{' '}
                  {t.lastUsedAt ? (
                    <>
                      Last used <time dateTime={t.lastUsedAt}>{formatLastUse(t.lastUsedAt)}</time>
                    </>
                  ) : (
                    'Never used'
                  )}
                </p>
              </div>
              <Button type="button" variant="outline" size="sm" aria-label={`Revoke ${t.name}`} onClick={() => setRevoking({ id: t.id, name: t.name })}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {created && (
        <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">Copy the token “{created.token.name}” now: it is not shown again.</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="scim-token-secret" className="min-w-0 break-all rounded bg-white px-2 py-1">
              {created.secret}
            </code>
            <CopyButton value={created.secret} label="Copy token" />
          </div>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      )}
      {full ? <p className="text-sm">{directorySyncMessages.tooManyTokens}</p> : <CreateToken businessId={businessId} onCreated={setCreated} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke SCIM token?"
        description={`“${revoking?.name ?? ''}” stops working at once: the identity provider using it can no longer add or change employees.`}
        confirmLabel="Revoke Token"
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onOpenChange={(open) => !open && setRevoking(null)}
      />
    </div>
  );
}

function CreateToken({ businessId, onCreated }: { businessId: string; onCreated: (created: ScimTokenCreated) => void }) {
  const create = useCreateScimToken(businessId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = scimTokenCreateSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      onCreated(await create.mutateAsync(parsed.data.name));
      setName('');
      toast.success(directorySyncMessages.tokenCreatedTitle, { description: directorySyncMessages.tokenCreated });
    } catch (e) {
      // A taken name is the field's error (read by screen readers with the field); the other refusals are toasts.
      if (isApiError(e) && e.status === 409 && e.message === directorySyncMessages.tokenNameTaken) setError(e.message);
      else toast.error('Error', { description: isApiError(e) && e.status === 409 ? e.message : directorySyncMessages.createFailed });
    }
  }

  return (
    <div className="grid gap-3">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-2" aria-label="Create SCIM token">
        <FormField label="Token name" error={error} hint="For example “Okta” or “Entra ID”">
          <Input value={name} maxLength={60} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </FormField>
        <Button type="submit" className="justify-self-start" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Token'}
        </Button>
      </form>
    </div>
  );
}

function InvitationSetting({ businessId, sendInvitations }: { businessId: string; sendInvitations: boolean }) {
  const save = useSaveDirectorySettings(businessId);
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 size-4 accent-primary"
        checked={sendInvitations}
        disabled={save.isPending}
        onChange={async (e) => {
          try {
            await save.mutateAsync({ sendInvitations: e.target.checked });
            toast.success(directorySyncMessages.settingsSaved);
          } catch {
            toast.error('Error', { description: directorySyncMessages.saveFailed });
          }
        }}
      />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">Send the invitation e-mail to provisioned employees</span>
        <span className="block text-muted-foreground">Off: employees get a card without an e-mail; you can still send invites from their profile.</span>
      </label>
    </div>
  );
}
