// The deactivate dialog (issue 23 §2): says what will happen before it happens — the card page will say they left and
// point to the colleague picked (or the company's website and phone), their leads go to the person picked (default:
// the owner), they are signed out and lose the portal, wallet passes are voided — and then runs the leaver flow. Both
// people are picked in searchable comboboxes (issue 39): the colleague starts as the business's default successor.
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
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useDeactivateEmployee, useLeavingPreview } from '../api/leavers';
import { PersonPicker, type PickedPerson } from './person-picker';

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
  /** undefined: not touched (the default successor); null: the company's website and phone. */
  const [pickedSuccessor, setSuccessor] = useState<PickedPerson | null | undefined>(undefined);
  /** undefined: the default person (the owner's profile, else the company's own contacts). */
  const [pickedLeadsTo, setLeadsTo] = useState<PickedPerson | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const successorId = useId();
  const leadsId = useId();
  const data = preview.data;
  const successor = pickedSuccessor === undefined ? (data?.defaultSuccessor ?? null) : pickedSuccessor;
  const defaultHolder = data && !data.defaultLeadsTo.isCompany ? { employeeId: data.defaultLeadsTo.employeeId, name: data.defaultLeadsTo.name } : null;
  const leadsTo = pickedLeadsTo === undefined ? defaultHolder : pickedLeadsTo;
  const reset = () => {
    setSuccessor(undefined);
    setLeadsTo(undefined);
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const onConfirm = async () => {
    setBusy(true);
    try {
      await beforeDeactivate?.();
      await deactivate.mutateAsync({
        employeeId: employee.id,
        options: { successorCardId: successor?.cardId ?? null, leadsTo: leadsTo?.employeeId },
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
    reset();
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
                <span id={successorId} className="leading-snug">
                  {m.cardWillSay(employee.name, data.businessName)}
                </span>
                <PersonPicker
                  businessId={businessId}
                  aria-labelledby={successorId}
                  value={successor ? { employeeId: successor.employeeId, name: successor.name, cardId: successor.cardId } : null}
                  onChange={setSuccessor}
                  exclude={employee.id}
                  withCard
                  emptyOption={m.noSuccessor}
                  labelOf={m.successorCard}
                  disabled={busy}
                />
              </div>
            </li>
            <li>
              <div className="grid gap-1.5">
                {data.leadCount === 0 ? (
                  <span>{m.noLeads}</span>
                ) : (
                  <>
                    <span id={leadsId} className="leading-snug">
                      {m.leadsWillMove(data.leadCount)}
                    </span>
                    <PersonPicker
                      businessId={businessId}
                      aria-labelledby={leadsId}
                      value={leadsTo}
                      onChange={(person) => setLeadsTo(person ?? (data.defaultLeadsTo.isCompany ? null : defaultHolder))}
                      exclude={employee.id}
                      emptyOption={data.defaultLeadsTo.isCompany ? `${data.businessName} (the owner’s contacts)` : undefined}
                      disabled={busy}
                    />
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
