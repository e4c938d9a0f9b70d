// A searchable single-choice field, the WAI-ARIA "combobox with a list box popup" pattern (APG, list autocomplete):
// the text field is the combobox; typing asks the caller for options (searched on the server, so a list of thousands
// is never sent); ArrowDown/ArrowUp move the active option (aria-activedescendant, focus stays in the field),
// Home/End move within the list while it is open, Enter picks, Escape closes the list (in a dialog, only the list:
// dialog.tsx), Alt+ArrowDown opens it. The chosen option is shown as the field's text; leaving the field without picking
// puts the chosen one back.
import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { controlClasses } from './input';

export interface ComboboxOption {
  value: string;
  /** What the field shows once picked, and the option's accessible name. */
  label: string;
  /** A second line (job title, department). */
  detail?: string;
}

interface Props {
  id?: string;
  /** The chosen option, or null (the field then shows `placeholder`, or `emptyOption`'s label when there is one). */
  value: ComboboxOption | null;
  onChange: (option: ComboboxOption | null) => void;
  /** The text typed: the caller searches with it and passes the `options` found. */
  onQueryChange: (query: string) => void;
  options: ComboboxOption[];
  /** An option that stands for "none", always listed first (picking it calls onChange(null)). */
  emptyOption?: string;
  loading?: boolean;
  /** Said in the list when the search found nothing, or failed. */
  emptyText: string;
  /** Said below the options when more matched than were sent. */
  moreText?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  className?: string;
}

const NONE = '\u0000none';

export function Combobox({
  id,
  value,
  onChange,
  onQueryChange,
  options,
  emptyOption,
  loading,
  emptyText,
  moreText,
  placeholder,
  disabled,
  invalid,
  className,
  ...aria
}: Props) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const statusId = `${ownId}-status`;
  const shown = value?.label ?? emptyOption ?? '';
  /** While typing, the field shows what was typed; otherwise the chosen option (a default arriving, a reset). */
  const [typing, setTyping] = useState(false);
  const [typedText, setTypedText] = useState('');
  const text = typing ? typedText : shown;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  const items: ComboboxOption[] = [...(emptyOption ? [{ value: NONE, label: emptyOption }] : []), ...options];
  const optionId = (index: number) => `${ownId}-option-${index}`;

  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable useId
  }, [open, active]);

  const openList = (query: string) => {
    setOpen(true);
    onQueryChange(query);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: ComboboxOption) => {
    setTyping(false);
    onChange(option.value === NONE ? null : option);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          openList(typing ? text : '');
          if (!event.altKey) setActive(0);
        } else setActive((i) => (i >= last ? 0 : i + 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          openList(typing ? text : '');
          setActive(last);
        } else setActive((i) => (i <= 0 ? last : i - 1));
        return;
      case 'Home':
      case 'End':
        if (!open || items.length === 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : last);
        return;
      case 'Enter':
        if (open && active >= 0 && items[active]) {
          event.preventDefault();
          pick(items[active]);
        }
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
          setTyping(false);
        }
        return;
      default:
    }
  };

  const count = options.length;
  const status = !open ? '' : loading ? 'Searching…' : count === 0 ? emptyText : moreText ? `${count} shown. ${moreText}` : `${count} ${count === 1 ? 'result' : 'results'}`;

  return (
    <div className={cn('relative', className)}>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-labelledby={aria['aria-labelledby']}
        aria-describedby={aria['aria-describedby']}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        className={cn(controlClasses, 'h-10 py-2 pr-9')}
        onChange={(event) => {
          setTyping(true);
          setTypedText(event.target.value);
          setActive(-1);
          openList(event.target.value);
        }}
        onClick={() => {
          if (!open) openList(typing ? text : '');
        }}
        // Typing replaces the choice shown rather than adding to it.
        onFocus={(event) => event.target.select()}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // A click on an option keeps the list (its mousedown is prevented); anything else closes it and shows the choice.
          if (listRef.current?.contains(event.relatedTarget as Node | null)) return;
          close();
          setTyping(false);
        }}
      />
      <ChevronDown aria-hidden className="pointer-events-none absolute top-3 right-3 size-4 text-muted-foreground" />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={aria['aria-labelledby']}
        hidden={!open || items.length === 0}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-card p-1 text-card-foreground shadow-md"
      >
        {open &&
          items.map((option, index) => {
            const selected = option.value === NONE ? value === null : option.value === value?.value;
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                className={cn('flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm', index === active && 'bg-muted outline-2 -outline-offset-2 outline-ring')}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
              >
                <Check aria-hidden className={cn('mt-0.5 size-4 shrink-0', !selected && 'invisible')} />
                <span className="grid min-w-0">
                  <span className="truncate">{option.label}</span>
                  {option.detail && <span className="truncate text-xs text-muted-foreground">{option.detail}</span>}
                </span>
              </li>
            );
          })}
      </ul>
      <StatusLine id={statusId}>{status}</StatusLine>
    </div>
  );
}

/** The live count or "nothing found" under the list, read out by screen readers as it changes. */
function StatusLine({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="status" aria-live="polite" className={cn('mt-1 text-xs text-muted-foreground', !children && 'sr-only')}>
      {children}
    </p>
  );
}
