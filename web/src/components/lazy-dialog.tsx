// A dialog whose code loads the first time it opens (issue 25 §1): a page draws and becomes interactive without
// evaluating the forms, CSV readers and settings sections of dialogs nobody has opened yet. Once opened it stays
// mounted, so closing it (focus back to its trigger, Radix's exit) behaves as an always-mounted dialog does.
import { lazy, Suspense, useState, type ComponentType } from 'react';

/** `load` resolves to the dialog component; `isOpen` reads from its props whether it is asked to be open. */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
