// Who pays for a client (issue 20 §1), on its card of the agency dashboard and in the admin businesses tab (which names
// the agency): the agency on its monthly invoice, or the client directly. Takes effect from the next monthly run. A
// client billed directly is billed at its own billing e-mail (issue 40): one without is asked for it first.
import { messages } from '@shared/messages';
import type { BilledTo } from '@shared/schemas/agency-billing';
import { useId, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { useSetClientBilling } from '../api/agency-billing';
import { ClientBillingEmailDialog } from './client-billing-email-dialog';

export function BilledToSelect({
  businessId,
  clientName,
  billedTo,
  billingEmail,
  agencyName,
}: {
  businessId: string;
  clientName: string;
  billedTo: BilledTo;
  /** The client's own billing e-mail; null: billed directly asks for one. */
  billingEmail: string | null;
  agencyName?: string;
}) {
  const id = useId();
  const save = useSetClientBilling();
  const [askingEmail, setAskingEmail] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const m = messages.agencyBilling;
  const toAgency = agencyName ? m.billedToNamed(agencyName) : m.billedToAgency;
  const savedToAgency = agencyName ? m.savedToNamed(clientName, agencyName) : m.savedToAgency(clientName);
  // mutateAsync, not mutate's callbacks: the list refreshed by the save may re-render the row, and callbacks of a
  // mutate call are dropped when its component unmounts; the toast must still say what happened.
  const change = async (next: BilledTo) => {
    if (next === 'direct' && !billingEmail) {
      setAskingEmail(true);
      return;
    }
    try {
      await save.mutateAsync({ businessId, billedTo: next });
      toast.success(next === 'agency' ? savedToAgency : billingEmail ? m.savedDirectTo(clientName, billingEmail) : m.savedDirect(clientName));
    } catch {
      toast.error(m.saveFailed);
    }
  };
  return (
    <div className="grid gap-1 text-sm">
      <Label htmlFor={id} className="text-muted-foreground">
        Billing for {clientName}
      </Label>
      <NativeSelect ref={select} id={id} value={save.isPending ? save.variables.billedTo : billedTo} disabled={save.isPending} onChange={(event) => void change(event.target.value as BilledTo)}>
        <option value="agency">{toAgency}</option>
        <option value="direct">{m.billedDirect}</option>
      </NativeSelect>
      <ClientBillingEmailDialog open={askingEmail} onOpenChange={setAskingEmail} businessId={businessId} clientName={clientName} returnFocusTo={select} />
    </div>
  );
}
