// Picking a person of the business (issue 39): the leaver dialog's successor and lead holder, Company Settings' default
// successors. A combobox that searches the business's active people on the server as you type (a business may have
// thousands), showing each one's job title and department so two people of the same name can be told apart.
import { messages } from '@shared/messages';
import type { PersonChoice } from '@shared/schemas/leavers';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from '@web/components/combobox';
import { useDebounced } from '@web/lib/use-debounced';
import { useSearchPeople } from '../api/leavers';

const m = messages.leavers;

export interface PickedPerson {
  employeeId: string;
  name: string;
  cardId?: string | null;
}

interface Props {
  businessId: string;
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  /** Left out of the list (the leaver). */
  exclude?: string;
  /** Only people with a card (a leaver's page points to a card). */
  withCard?: boolean;
  /** The "nobody" choice, listed first. */
  emptyOption?: string;
  /** How a person reads in the field and the list (the successor picker says "{name}’s card"). */
  labelOf?: (name: string) => string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  'aria-labelledby': string;
  'aria-describedby'?: string;
}

export function PersonPicker({ businessId, value, onChange, exclude, withCard, emptyOption, labelOf = (name) => name, disabled, invalid, ...rest }: Props) {
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const q = useDebounced(query.trim(), 200);
  const search = useSearchPeople(businessId, q, { exclude, withCard }, searching);
  const people: PersonChoice[] = search.data?.people ?? [];
  const byId = new Map(people.map((p) => [p.employeeId, p]));
  const options: ComboboxOption[] = people.map((p) => ({ value: p.employeeId, label: labelOf(p.name), detail: [p.jobTitle, p.department].filter(Boolean).join(' · ') || undefined }));
  return (
    <Combobox
      {...rest}
      value={value ? { value: value.employeeId, label: labelOf(value.name) } : null}
      onChange={(option) => {
        const person = option ? byId.get(option.value) : undefined;
        onChange(person ? { employeeId: person.employeeId, name: person.name, cardId: person.cardId } : null);
      }}
      onQueryChange={(text) => {
        setSearching(true);
        setQuery(text);
      }}
      options={options}
      emptyOption={emptyOption}
      loading={search.isFetching && !search.data}
      emptyText={search.isError ? m.searchFailed : m.noPeopleFound}
      moreText={search.data?.more ? m.moreResults : undefined}
      placeholder={m.searchPeople}
      disabled={disabled}
      invalid={invalid}
    />
  );
}
