// Billed directly needs somewhere to send the client's invoices (issue 40): a client the agency created has no billing
// e-mail of its own, so switching it asks for one here. Saved with the switch in one call; the client's owner can
// change it later in Company Settings.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { clientBillingEmailSchema, type ClientBillingEmailInput } from '@shared/schemas/agency-billing';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useSetClientBilling } from '../api/agency-billing';

export function ClientBillingEmailDialog({
  open,
  onOpenChange,
  businessId,
  clientName,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessId: string;
  clientName: string;
  /** Where focus goes back when the dialog closes: the payer select that opened it (there is no trigger button). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const save = useSetClientBilling();
  const m = messages.agencyBilling;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClientBillingEmailInput, unknown, { billingEmail: string }>({ resolver: zodResolver(clientBillingEmailSchema), defaultValues: { billingEmail: '' } });

  const onSubmit = handleSubmit(async ({ billingEmail }) => {
    try {
      await save.mutateAsync({ businessId, billedTo: 'direct', billingEmail });
    } catch (error) {
      if (applyFieldErrors(error, setError, ['billingEmail'])) return;
      toast.error(m.saveFailed);
      return;
    }
    toast.success(m.savedDirectTo(clientName, billingEmail));
    reset();
    onOpenChange(false);
  });
  const busy = isSubmitting || save.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Bill {clientName} directly</DialogTitle>
          <DialogDescription>
            {clientName} has no billing email yet. Its invoices go there from the next monthly invoice, not to the agency; its owner can change it later in Company Settings.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <FormField label="Billing Email" required error={errors.billingEmail?.message}>
            <Input type="email" inputMode="email" autoComplete="off" {...register('billingEmail')} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Bill Directly'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
