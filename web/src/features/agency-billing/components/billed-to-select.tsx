// Who pays for a client (issue 20 §1), on its card of the agency dashboard: the agency on its monthly invoice, or the
// client directly. Takes effect from the next monthly run.
import { messages } from '@shared/messages';
import type { BilledTo } from '@shared/schemas/agency-billing';
import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { useSetClientBilling } from '../api/agency-billing';

export function BilledToSelect({ businessId, clientName, billedTo }: { businessId: string; clientName: string; billedTo: BilledTo }) {
  const id = useId();
  const save = useSetClientBilling();
  const change = (next: BilledTo) =>
    save.mutate(
      { businessId, billedTo: next },
      {
        onSuccess: () => toast.success(next === 'agency' ? messages.agencyBilling.savedToAgency(clientName) : messages.agencyBilling.savedDirect(clientName)),
        onError: () => toast.error(messages.agencyBilling.saveFailed),
      },
    );
  return (
    <div className="grid gap-1 text-sm">
      <Label htmlFor={id} className="text-muted-foreground">
        Billing for {clientName}
      </Label>
      <NativeSelect id={id} value={save.isPending ? save.variables.billedTo : billedTo} disabled={save.isPending} onChange={(event) => change(event.target.value as BilledTo)}>
        <option value="agency">{messages.agencyBilling.billedToAgency}</option>
        <option value="direct">{messages.agencyBilling.billedDirect}</option>
      </NativeSelect>
    </div>
  );
}
