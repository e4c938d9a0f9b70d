// White-label for one client on its card of the agency dashboard (issue 21 §1 "a per-client override in its client
// list"): follow the agency's switch (the default, naming what it is now), or on/off for this client alone. A native
// select, like who pays for the client beside it: labelled, keyboard and screen-reader usable, fits a phone.
import { messages } from '@shared/messages';
import type { ClientWhiteLabel } from '@shared/schemas/agency';
import { useId } from 'react';
import { toast } from '@web/lib/toast';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { ApiError } from '@web/lib/api-client';
import { useSetClientWhiteLabel } from '../api/set-client-white-label';

export function ClientWhiteLabelSelect({ businessId, clientName, whiteLabel, agencyWhiteLabel }: { businessId: string; clientName: string; whiteLabel: ClientWhiteLabel; agencyWhiteLabel: boolean }) {
  const id = useId();
  const save = useSetClientWhiteLabel();
  const m = messages.agency;
  // mutateAsync: the refreshed list may re-render the card, and the toast must still say what happened.
  const change = async (next: ClientWhiteLabel) => {
    try {
      const result = await save.mutateAsync({ businessId, whiteLabel: next });
      const wanted = next === 'on' || (next === 'agency' && agencyWhiteLabel);
      if (wanted && !result.branded) toast.warning(m.clientWhiteLabelOtherAgency(clientName));
      else toast.success(m.clientWhiteLabelSaved(clientName, result.branded));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 400 ? error.message : m.clientWhiteLabelSaveFailed);
    }
  };
  return (
    <div className="grid gap-1 text-sm">
      <Label htmlFor={id} className="text-muted-foreground">
        White-label for {clientName}
      </Label>
      <NativeSelect id={id} value={save.isPending ? save.variables.whiteLabel : whiteLabel} disabled={save.isPending} onChange={(event) => void change(event.target.value as ClientWhiteLabel)}>
        <option value="agency">{m.clientWhiteLabelFollow(agencyWhiteLabel)}</option>
        <option value="on">{m.clientWhiteLabelOn}</option>
        <option value="off">{m.clientWhiteLabelOff}</option>
      </NativeSelect>
    </div>
  );
}
