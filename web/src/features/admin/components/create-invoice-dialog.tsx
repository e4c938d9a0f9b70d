// Create Invoice (spec 2 §2, §5, §8): a business (found by name), the amount (step 0.01), the due date and optional
// notes. The server numbers it and mails it; the toast says whether the mail went out.
import { zodResolver } from '@hookform/resolvers/zod';
import { addOneMonth, toIsoDate } from '@shared/format';
import { messages } from '@shared/messages';
import { invoiceMessages } from '@shared/messages/invoice';
import type { AdminBusinessRow } from '@shared/schemas/admin';
import { makeInvoiceCreateSchema, type InvoiceCreate, type InvoiceCreateInput, type InvoiceMailOutcome } from '@shared/schemas/invoice';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { NativeSelect } from '@web/components/native-select';
import { Textarea } from '@web/components/textarea';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useDebounced } from '@web/lib/use-debounced';
import { useCreateInvoice } from '../api/invoices';
import { useBusinessDirectory } from '../api/list-businesses';

const fields = ['businessId', 'amount', 'dueDate', 'notes'] as const satisfies readonly FieldPath<InvoiceCreateInput>[];

/** Today on the admin's own calendar: a due date before it is refused under the field (issue 27 §3). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const createInvoiceFormSchema = makeInvoiceCreateSchema(localToday);

const createdMessage: Record<InvoiceMailOutcome, string> = {
  sent: invoiceMessages.createdAndSent,
  noAddress: invoiceMessages.createdNoEmail,
  failed: invoiceMessages.createdEmailFailed,
};

export function CreateInvoiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Invoice</DialogTitle>
          <DialogDescription>The invoice is numbered and mailed to the business’s billing email, or its owner.</DialogDescription>
        </DialogHeader>
        {open && <CreateInvoiceForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateInvoiceForm({ onDone }: { onDone: () => void }) {
  const create = useCreateInvoice();
  const [search, setSearch] = useState('');
  const businesses = useBusinessDirectory({ q: useDebounced(search), status: 'all', country: '', industry: '' });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<InvoiceCreateInput, unknown, InvoiceCreate>({
    resolver: zodResolver(createInvoiceFormSchema),
    defaultValues: { businessId: '', amount: '', dueDate: toIsoDate(addOneMonth(new Date())), notes: '' },
  });
  const onSubmit = handleSubmit(async () => {
    try {
      // Sent as typed (the amount in dollars); the server converts it to cents itself.
      const { mail } = await create.mutateAsync(getValues());
      (mail === 'failed' ? toast.warning : toast.success)(createdMessage[mail]);
      onDone();
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      toast.error(messages.admin.errorTitle, { description: invoiceMessages.createFailed });
    }
  });
  const busy = isSubmitting || create.isPending;
  // The business chosen stays among the options when a later search no longer finds it: otherwise the list would show
  // 'Choose a business' while the form still holds the one chosen, and the invoice would go to a business not shown.
  const [chosen, setChosen] = useState<AdminBusinessRow | null>(null);
  const found = businesses.data?.rows ?? [];
  const rows = chosen && !found.some((b) => b.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <FormField label="Find a business">
        <Input type="search" placeholder="Business name or owner email" value={search} onChange={(e) => setSearch(e.target.value)} />
      </FormField>
      <FormField label="Business" required error={errors.businessId?.message}>
        <NativeSelect {...register('businessId', { onChange: (event: ChangeEvent<HTMLSelectElement>) => setChosen(rows.find((b) => b.id === event.target.value) ?? null) })}>
          <option value="">{businesses.isPending ? 'Loading businesses…' : 'Choose a business'}</option>
          {rows.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {b.ownerEmail ? ` (${b.ownerEmail})` : ''}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Amount ($)" required error={errors.amount?.message}>
          <Input type="number" inputMode="decimal" step="0.01" min="0" {...register('amount')} />
        </FormField>
        <FormField label="Due Date" required error={errors.dueDate?.message}>
          <Input type="date" min={localToday()} {...register('dueDate')} />
        </FormField>
      </div>
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea rows={3} {...register('notes')} />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create Invoice'}
        </Button>
      </DialogFooter>
    </form>
  );
}
