// A confirmation before something that cannot be undone (delete, void, remove access): the question, Cancel and the
// destructive action, which is disabled while it runs (or, with `safe`, an action that takes nothing away, in the
// primary style).
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

interface Props {
  open: boolean;
  title: string;
  description: string;
  /** The destructive button's label ('Delete Contact'). */
  confirmLabel: string;
  busy: boolean;
  /** The action takes nothing away (Move QR codes): the primary button, not the destructive one. */
  safe?: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

export function ConfirmDialog({ open, title, description, confirmLabel, busy, safe = false, onConfirm, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant={safe ? 'default' : 'destructive'} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
