// The contacts visitors shared from a card page (issue 11 §3), for the employee portal and the business dashboard:
// newest first, Export CSV, and Delete behind a confirmation.
import { messages } from '@shared/messages';
import { formatLongDate } from '@shared/format';
import type { Contact } from '@shared/schemas/contact';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from './button';
import { Card } from './card';
import { lazyDialog } from './lazy-dialog';
import { toCsv } from '@shared/csv';
import { downloadCsv } from '@web/lib/csv';

// The dialog's code (Radix) loads when a delete is first asked for, not with the dashboard or the portal.
const ConfirmDialog = lazyDialog(() => import('./confirm-dialog').then((m) => m.ConfirmDialog), (p) => p.open);

interface Props {
  contacts: Contact[];
  /** Show whom each contact was shared with (the business view). */
  showEmployee?: boolean;
  exportName: string;
  onDelete: (contact: Contact) => Promise<void>;
}

export function ContactsList({ contacts, showEmployee = false, exportName, onDelete }: Props) {
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);
  const exportCsv = () =>
    downloadCsv(
      exportName,
      toCsv(
        ['Name', 'Email', 'Phone', 'Company', 'Note', ...(showEmployee ? ['Shared with'] : []), 'Date'],
        contacts.map((c) => [c.name, c.email, c.phone, c.company, c.note, ...(showEmployee ? [c.employeeName] : []), c.createdAt]),
      ),
    );
  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await onDelete(deleting);
      toast.success(`${deleting.name} has been deleted successfully`);
      setDeleting(null);
    } catch {
      toast.error('Error', { description: 'Failed to delete the contact. Please try again.' });
    } finally {
      setBusy(false);
    }
  };
  if (contacts.length === 0) return <p className="text-sm text-muted-foreground">No contacts yet. Visitors can share their details from the card page.</p>;
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" size="sm" onClick={exportCsv}>
          <Download aria-hidden />
          Export CSV
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {contacts.map((c) => (
          <li key={c.id}>
            <Card className="grid gap-1 p-4 text-sm">
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold break-words">{c.name}</p>
                <Button variant="ghost" size="icon" className="size-8" aria-label={`Delete contact ${c.name}`} onClick={() => setDeleting(c)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <a className="break-all text-secondary underline-offset-2 hover:underline" href={`mailto:${c.email}`}>
                {c.email}
              </a>
              {c.phone && <p>{c.phone}</p>}
              {c.company && <p>{c.company}</p>}
              {c.note && <p className="whitespace-pre-line text-muted-foreground">{c.note}</p>}
              <p className="text-xs text-muted-foreground">
                {showEmployee ? `Shared with ${c.employeeName} · ` : ''}
                {c.reassignedFrom ? `${messages.leavers.reassignedFrom(c.reassignedFrom)} · ` : ''}
                {formatLongDate(c.createdAt)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Contact"
        description={deleting ? `Are you sure you want to delete ${deleting.name}'s details? This action cannot be undone.` : ''}
        confirmLabel="Delete Contact"
        busy={busy}
        onConfirm={() => void confirm()}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}
