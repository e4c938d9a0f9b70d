// What the admin businesses tab searches and filters on (docs/access-patterns.md #32): lower-cased copies kept on the
// business item by every write of the name, the owner's e-mail or the industry, so a search is a filtered Query.

export function searchTextOf(name: string, ownerEmail: string | null | undefined): string {
  return `${name}\n${ownerEmail ?? ''}`.toLowerCase();
}

/** The search fields of a new business. */
export function searchFieldsOf(business: { name: string; ownerEmail?: string | null; industry?: string | null }): { searchText: string; industryKey?: string } {
  const industryKey = business.industry?.trim().toLowerCase();
  return { searchText: searchTextOf(business.name, business.ownerEmail), ...(industryKey ? { industryKey } : {}) };
}
