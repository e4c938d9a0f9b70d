// The deactivate dialog (issue 23 §2): says what will happen before it happens — the card page will say they left and
// point to the colleague picked (or the company's website and phone), their leads go to the person picked (default:
// the owner), they are signed out and lose the portal, wallet passes are voided — and then runs the leaver flow.
import { messages } from '@shared/messages';
import type { Employee } from '@shared/schemas/employee';
import { useId, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/dialog';
import { Label } from '@web/components/label';
import { NativeSelect } from '@web/components/native-select';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useDeactivateEmployee, useLeavingPreview } from '../api/leavers';

const m = messages.leavers;

interface Props {
  businessId: string;
  employee: Employee;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs first (the profile form saves its other fields); a failure stops the deactivation. */
  beforeDeactivate?: () => Promise<void>;
  onDeactivated?: () => void;
}

export function DeactivateDialog({ businessId, employee, open, onOpenChange, beforeDeactivate, onDeactivated }: Props) {
  const preview = useLeavingPreview(businessId, employee.id, open);
  const deactivate = useDeactivateEmployee(businessId);
  const [successorCardId, setSuccessorCardId] = useState('');
  /** null: the default person (the owner's profile, else the company's own contacts: ''). */
  const [pickedLeadsTo, setLeadsTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const successorId = useId();
  const leadsId = useId();
  const data = preview.data;
  const leadsTo = pickedLeadsTo ?? (data && !data.defaultLeadsTo.isCompany ? data.defaultLeadsTo.employeeId : '');
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setSuccessorCardId('');
      setLeadsTo(null);
    }
    onOpenChange(next);
  };

  const onConfirm = async () => {
    setBusy(true);
    try {
      await beforeDeactivate?.();
      await deactivate.mutateAsync({
        employeeId: employee.id,
        options: { successorCardId: successorCardId || undefined, leadsTo: leadsTo || undefined },
      });
    } catch (error) {
      toast.error('Error', {
        description:
          isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : m.deactivateFailed,
      });
      return;
    } finally {
      setBusy(false);
    }
    toast.success(m.deactivated(employee.name));
    setSuccessorCardId('');
    setLeadsTo(null);
    onOpenChange(false);
    onDeactivated?.();
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.dialogTitle(employee.name)}</DialogTitle>
          <DialogDescription>{m.dialogIntro}</DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <Spinner label="Loading…" />
        ) : preview.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            {isApiError(preview.error) ? preview.error.message : m.deactivateFailed}
          </p>
        ) : (
          <ul className="grid list-disc gap-4 pl-5 text-sm">
            <li>
              <div className="grid gap-1.5">
                <Label htmlFor={successorId} className="font-normal leading-snug">
                  {m.cardWillSay(employee.name, data.businessName)}
                </Label>
                <NativeSelect
                  id={successorId}
                  value={successorCardId}
                  onChange={(e) => setSuccessorCardId(e.target.value)}
                  disabled={busy}
                >
                  <option value="">{m.noSuccessor}</option>
                  {data.colleagues.map((c) => (
                    <option key={c.cardId} value={c.cardId}>
                      {m.successorCard(c.name)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </li>
            <li>
              <div className="grid gap-1.5">
                {data.leadCount === 0 ? (
                  <span>{m.noLeads}</span>
                ) : (
                  <>
                    <Label htmlFor={leadsId} className="font-normal leading-snug">
                      {m.leadsWillMove(data.leadCount)}
                    </Label>
                    <NativeSelect
                      id={leadsId}
                      value={leadsTo}
                      onChange={(e) => setLeadsTo(e.target.value)}
                      disabled={busy}
                    >
                      {data.defaultLeadsTo.isCompany && (
                        <option value="">{`${data.businessName} (the owner’s contacts)`}</option>
                      )}
                      {data.people.map((p) => (
                        <option key={p.employeeId} value={p.employeeId}>
                          {p.employeeId === data.defaultLeadsTo.employeeId ? `${p.name} (owner)` : p.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </>
                )}
              </div>
            </li>
            <li>{m.signedOut}</li>
            <li>{m.walletVoided}</li>
          </ul>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={busy || !data} onClick={() => void onConfirm()}>
            {busy ? 'Deactivating...' : m.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
