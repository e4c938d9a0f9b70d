// The Managed Client Businesses grid of the agency dashboard, drawn a page at a time (issue 25 §1): an agency with 500
// clients rendered every card at once when /api/agency answered (4.4 s of blocking time on a phone). The first page is
// drawn at once, the next when the end of the list comes within a screen of the viewport, and a "Show more clients"
// button (with a polite "Showing N of M clients" status) serves anyone who does not scroll; every client stays
// reachable, nothing is fetched again.
import { formatCount } from '@shared/format';
import type { AgencyClientSummary } from '@shared/schemas/agency';
import { ChevronDown } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/button';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { ClientCard } from './client-card';

/** Cards per page: a multiple of the grid's 1, 2 and 3 columns, and more than a desktop screen holds. */
export const CLIENTS_PAGE_SIZE = 24;
/** Cards drawn with the data itself (two rows of three: a first screen anywhere); the rest of a page follows at once. */
const FIRST_DRAW = 6;

/** The grid's copy (the agency area has no messages module; the page holds its copy next to its components). */
export const clientGridCopy = {
  showMore: 'Show more clients',
  showing: (shown: number, total: number) => `Showing ${formatCount(shown)} of ${formatCount(total)} ${total === 1 ? 'client' : 'clients'}`,
};

/** What a keyboard user lands on in a newly shown card: its first control. */
const FOCUSABLE = 'a[href], button:not(:disabled), select:not(:disabled), input:not(:disabled)';

export function ClientGrid({
  clients,
  currency,
  agencyWhiteLabel,
  onAnalytics,
}: {
  clients: AgencyClientSummary[];
  currency: string;
  agencyWhiteLabel: boolean;
  /** Stable (the cards are memoised). */
  onAnalytics: (client: AgencyClientSummary) => void;
}) {
  // How many to show; Infinity once the whole list was asked for, so a client added later does not push one out.
  const [limit, setLimit] = useState(CLIENTS_PAGE_SIZE);
  const total = clients.length;
  const shown = Math.min(limit, total);
  const listRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const focusCard = useRef<number | null>(null);

  // The cards drawn: behind `shown` while React renders new ones in the background, in slices that yield to the
  // browser (a deferred value), so neither the data's arrival nor a new page is one long task on a slow phone.
  const drawn = useDeferredValue(shown, Math.min(shown, FIRST_DRAW));

  // Idempotent for the count it was asked at (a repeated call, as in React's development double effects, adds nothing).
  const showPageAfter = (from: number) => setLimit((limit) => Math.max(limit, from + CLIENTS_PAGE_SIZE >= total ? Infinity : from + CLIENTS_PAGE_SIZE));
  const showMore = () => {
    focusCard.current = shown;
    showPageAfter(shown);
  };

  // After the button: focus the first newly shown card's first control, so the keyboard carries on where the list grew.
  useEffect(() => {
    const index = focusCard.current;
    if (index === null || drawn <= index) return;
    focusCard.current = null;
    listRef.current?.children[index]?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [drawn]);

  return (
    <>
      <ul ref={listRef} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {clients.slice(0, drawn).map((client) => (
          <li key={client.id}>
            <ClientCard client={client} currency={currency} agencyWhiteLabel={agencyWhiteLabel} onAnalytics={onAnalytics} />
          </li>
        ))}
      </ul>
      {total > CLIENTS_PAGE_SIZE && (
        <div className="relative grid justify-items-center gap-2">
          {/* A new mark (new key) per page, once its cards are drawn: useNearViewport reports "near" once per element. */}
          {drawn === shown && shown < total && (
            <NearEnd
              key={shown}
              onNear={() => {
                // Focusing the button scrolls the end near: the page it shows replaces the button, so focus follows it.
                if (moreRef.current !== null && moreRef.current === document.activeElement) focusCard.current = shown;
                showPageAfter(shown);
              }}
            />
          )}
          <p role="status" className="text-sm text-muted-foreground">
            {clientGridCopy.showing(shown, total)}
          </p>
          {shown < total && (
            <Button ref={moreRef} variant="outline" onClick={showMore}>
              <ChevronDown aria-hidden />
              {clientGridCopy.showMore}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

/** An invisible mark at the end of the shown cards; calls `onNear` when it comes within a screen of the viewport. */
function NearEnd({ onNear }: { onNear: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  // onNear is idempotent for this mark's page, so a new function per render may call it again harmlessly.
  useEffect(() => {
    if (near) onNear();
  }, [near, onNear]);
  return <div ref={ref} aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-px" />;
}
