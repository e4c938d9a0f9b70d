// The users tab (spec 2 §2 'Admin User Management'): Invite Admin, the admins with their last sign-in, and Remove
// Admin Access behind the spec's confirmation. Nobody removes their own access (the API refuses it too).
import { zodResolver } from '@hookform/resolvers/zod';
import { formatLongDate } from '@shared/format';
import { messages } from '@shared/messages';
import { adminInviteSchema, type AdminInvite, type AdminInviteInput, type AdminUser } from '@shared/schemas/admin';
import { UserPlus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable } from '@web/components/data-table';
import { toast } from '@web/lib/toast';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/input';
import { Spinner } from '@web/components/spinner';
import { isApiError } from '@web/lib/api-client';
import { useSession } from '@web/features/auth/session-provider';
import { useAdminUsers, useInviteAdmin, useRemoveAdmin } from '../api/admin-users';

export function UsersTab() {
  const users = useAdminUsers();
  // Drawn in a transition: React renders the answer in slices between the browser's other work, not in one long task
  // (issue 25 §1); until then the loading state stays.
  const drawing = useDeferredValue(users.isPending);
  const { me } = useSession();
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  return (
    <section aria-labelledby="users-heading" className="grid gap-4">
      <h2 id="users-heading" className="text-xl font-semibold">
        Admin User Management
      </h2>
      <InviteAdminForm />
      {users.isPending || drawing ? (
        <Spinner label="Loading admins…" />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messages.admin.fetchAdminsFailed}
        </p>
      ) : (
        <DataTable label="Admin users" tableClassName="min-w-[40rem]" columns={[{ label: 'User' }, { label: 'Email' }, { label: 'Role' }, { label: 'Last Login' }, { label: 'Actions', hidden: true }]}>
          {users.data.map((user) => (
            <tr key={user.id} className="border-t">
              <th scope="row" className="px-4 py-3 text-left font-medium">
                {user.displayName ?? 'No Name'}
              </th>
              <td className="px-4 py-3">{user.email}</td>
              <td className="px-4 py-3">
                <Badge>Admin</Badge>
              </td>
              <td className="px-4 py-3">{user.lastSignInAt ? formatLongDate(user.lastSignInAt) : 'Never'}</td>
              <td className="px-4 py-3 text-right">
                {user.id === me?.userId ? (
                  <span className="text-xs text-muted-foreground">You</span>
                ) : (
                  <Button variant="outline" size="sm" onClick={() => setRemoving(user)} aria-label={`Remove admin access for ${user.email}`}>
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <RemoveAdminDialog user={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </section>
  );
}

function InviteAdminForm() {
  const invite = useInviteAdmin();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdminInviteInput, unknown, AdminInvite>({ resolver: zodResolver(adminInviteSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await invite.mutateAsync(email);
    } catch {
      toast.error(messages.admin.errorTitle, { description: messages.admin.inviteFailed });
      return;
    }
    toast.success(messages.admin.adminInvited(email));
    reset({ email: '' });
  });
  const busy = isSubmitting || invite.isPending;
  return (
    <Card className="p-4">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-busy={busy}>
        <FormField label="Invite Admin" error={errors.email?.message} className="flex-1">
          <Input type="email" inputMode="email" autoComplete="off" placeholder="admin@example.com" {...register('email')} />
        </FormField>
        <Button type="submit" disabled={busy} className="sm:mt-6">
          <UserPlus aria-hidden />
          {busy ? 'Inviting...' : 'Invite Admin'}
        </Button>
      </form>
    </Card>
  );
}

function RemoveAdminDialog({ user, onOpenChange }: { user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  const remove = useRemoveAdmin();
  const confirm = async () => {
    if (!user) return;
    try {
      await remove.mutateAsync(user.id);
    } catch (error) {
      // The server's reason when it gave one (spec 2 §8: 'Failed to remove admin access (or the server message)').
      const reason = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : messages.admin.removeFailed;
      toast.error(messages.admin.errorTitle, { description: reason });
      return;
    }
    toast.success(messages.admin.adminRemoved(user.email));
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={user !== null}
      title={messages.admin.removeAdminTitle}
      description={user ? messages.admin.removeAdminConfirm(user.email) : ''}
      confirmLabel={remove.isPending ? 'Removing...' : 'Remove Admin Access'}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onOpenChange={onOpenChange}
    />
  );
}
