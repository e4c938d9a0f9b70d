// 'Contact Our Sales Team' (spec 1 §2, §5, §8): idle → sending → closed and cleared on success, open on failure.
import { zodResolver } from '@hookform/resolvers/zod';
import { salesContactMessages, salesContactSchema, type SalesContact, type SalesContactInput } from '@shared/schemas/sales-contact';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Textarea } from '@web/components/textarea';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useSendSalesContact } from '../api/send-sales-contact';

const fields = [
  'companyName',
  'contactPerson',
  'email',
  'phone',
  'address',
  'city',
  'country',
  'zipCode',
  'message',
] as const satisfies readonly FieldPath<SalesContactInput>[];

const emptyForm: SalesContactInput = {
  companyName: '',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  country: '',
  zipCode: '',
  message: '',
};

export function SalesContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const send = useSendSalesContact();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SalesContactInput, unknown, SalesContact>({
    resolver: zodResolver(salesContactSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input);
    } catch (error) {
      applyFieldErrors(error, setError, fields);
      // A refusal the visitor can act on (too many requests) keeps the server's wording.
      const description = isApiError(error) && error.status === 429 ? error.message : salesContactMessages.failure;
      toast.error(salesContactMessages.failureTitle, { description });
      return;
    }
    toast.success(salesContactMessages.success);
    reset(emptyForm);
    onOpenChange(false);
  });

  const busy = isSubmitting || send.isPending;
  const err = (field: (typeof fields)[number]) => errors[field]?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return; // keep the dialog while the request is in flight
        // Cancelling keeps what was typed (the visitor may come back to it) but not stale error messages.
        if (!next) clearErrors();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Contact Our Sales Team</DialogTitle>
          <DialogDescription>Tell us about your organisation and our sales team will get back to you.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Company Name" required error={err('companyName')}>
              <Input autoComplete="organization" {...register('companyName')} />
            </FormField>
            <FormField label="Contact Person" required error={err('contactPerson')}>
              <Input autoComplete="name" {...register('contactPerson')} />
            </FormField>
            <FormField label="Email" required error={err('email')}>
              <Input type="email" inputMode="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Phone" required error={err('phone')}>
              <Input type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />
            </FormField>
            <FormField label="Address" required error={err('address')} className="sm:col-span-2">
              <Input autoComplete="street-address" {...register('address')} />
            </FormField>
            <FormField label="City" required error={err('city')}>
              <Input autoComplete="address-level2" {...register('city')} />
            </FormField>
            <FormField label="Zip Code" error={err('zipCode')}>
              <Input autoComplete="postal-code" {...register('zipCode')} />
            </FormField>
            <FormField label="Country" required error={err('country')} className="sm:col-span-2">
              <Input autoComplete="country-name" {...register('country')} />
            </FormField>
            <FormField label="Message" error={err('message')} className="sm:col-span-2">
              <Textarea rows={4} placeholder="How many users do you have? What do you need?" {...register('message')} />
            </FormField>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send Message'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
