// The successor and lead pickers' search (issue 39): the active people of a business whose name, job title, department
// or e-mail contains what was typed, by name, at most PEOPLE_SEARCH_LIMIT — so the leaver dialog and Company Settings
// work the same at 5 employees and at 2,500. One Query of the business's active employees (projected); the match is
// made here because DynamoDB has no case-insensitive `contains` (docs/decisions.md 'Leaver defaults and the searchable
// successor picker').
import { PEOPLE_SEARCH_LIMIT, type PeopleSearch, type SearchPeopleQuery } from '../../../shared/schemas/leavers';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { listActivePeopleOfBusiness, type PersonRow } from '../business/leaver-repository';

const folded = (value: string | undefined) => (value ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Every word typed must appear in the person's name, job title, department or e-mail (accents and case ignored). */
function matches(person: PersonRow, words: string[]): boolean {
  const haystack = [person.name, person.jobTitle, person.department, person.email].map(folded).join('\n');
  return words.every((word) => haystack.includes(word));
}

export async function searchPeople(caller: Caller, businessId: string, query: SearchPeopleQuery): Promise<PeopleSearch> {
  await assertMay(caller, businessId, 'employees');
  const words = folded(query.q).split(/\s+/).filter(Boolean);
  const found = (await listActivePeopleOfBusiness(businessId))
    .filter((p) => p.employeeId !== query.exclude && (!query.withCard || p.cardId) && matches(p, words))
    // Names that start with the first word come first, then by name.
    .sort((a, b) => Number(!folded(a.name).startsWith(words[0] ?? '')) - Number(!folded(b.name).startsWith(words[0] ?? '')) || a.name.localeCompare(b.name));
  return {
    people: found.slice(0, PEOPLE_SEARCH_LIMIT).map((p) => ({ employeeId: p.employeeId, name: p.name, jobTitle: p.jobTitle ?? null, department: p.department ?? null, cardId: p.cardId ?? null })),
    more: found.length > PEOPLE_SEARCH_LIMIT,
  };
}
