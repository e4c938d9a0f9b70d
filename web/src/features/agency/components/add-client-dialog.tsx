// The Add Client modal (spec 2 §2, §5, §8): a new client business the agency manages.
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { addClientSchema, type AddClient, type AddClientInput } from '@shared/schemas/agency';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Textarea } from '@web/components/textarea';
import { isApiError } from '@web/lib/api-client';
import { applyFieldErrors } from '@web/lib/form-errors';
import { useAddClient } from '../api/add-client';

const fields = ['name', 'industry', 'website', 'description'] as const satisfies readonly FieldPath<AddClientInput>[];
const emptyForm: AddClientInput = { name: '', industry: '', website: '', description: '' };

export function AddClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const addClient = useAddClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddClientInput, unknown, AddClient>({ resolver: zodResolver(addClientSchema), defaultValues: emptyForm });

  const onSubmit = handleSubmit(async (client) => {
    try {
      await addClient.mutateAsync(client);
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      // A reason the agency can act on (save your settings first) is shown as the server gives it.
      const reason = isApiError(error) && error.status === 409 ? error.message : messages.agency.addClientFailed;
      toast.error('Error', { description: reason });
      return;
    }
    toast.success(messages.agency.clientAdded);
    reset(emptyForm);
    onOpenChange(false);
  });
  const busy = isSubmitting || addClient.isPending;
  const err = (field: (typeof fields)[number]) => errors[field]?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset(emptyForm);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>Add a client business; you can then manage its employees and cards.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <FormField label="Business Name" required error={err('name')}>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="Industry" error={err('industry')}>
            <Input autoComplete="off" {...register('industry')} />
          </FormField>
          <FormField label="Website" error={err('website')}>
            <Input type="url" inputMode="url" placeholder="https://…" autoComplete="off" {...register('website')} />
          </FormField>
          <FormField label="Description" error={err('description')}>
            <Textarea rows={3} {...register('description')} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Adding Client...' : 'Add Client'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
