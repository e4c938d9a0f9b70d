// The admin's confirmation before a business's cascade delete (spec 2 §2 'Business & Agency Management'), with the
// outcome as a toast: deleted, or deleted with some of its users still signed in.
import { messages } from '@shared/messages';
import type { AdminBusinessRow } from '@shared/schemas/admin';
import { toast } from '@web/lib/toast';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useDeleteBusiness } from '../api/business-actions';

export function DeleteBusinessDialog({ business, onDone }: { business: AdminBusinessRow | null; onDone: () => void }) {
  const remove = useDeleteBusiness();
  const confirm = async () => {
    if (!business) return;
    try {
      const result = await remove.mutateAsync(business.id);
      if (result.sessionsRevoked) toast.success(`${business.name} has been deleted successfully`);
      else toast.warning(`${business.name} has been deleted, but some of its users could not be signed out.`);
      onDone();
    } catch {
      toast.error(messages.admin.errorTitle, { description: messages.admin.deleteBusinessFailed });
    }
  };
  return (
    <ConfirmDialog
      open={business !== null}
      title="Delete Business"
      description={
        business
          ? `Are you sure you want to delete ${business.name}? Its employees, cards, images and unpaid invoices are deleted and its users are signed out; paid invoices are kept for accounting. This action cannot be undone.`
          : ''
      }
      confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Business'}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onOpenChange={(open) => !open && onDone()}
    />
  );
}
