// The daily scan close (issue 25 §2) run now for one business, through today: for tests that check the stored closed
// items (the business's day, the closed totals) after their scans. Call it after the test's last scan of that business:
// a scan counted later today would fall on a day its totals already hold.
const { closeBusiness } = await import('../../functions/src/scan-totals/close');

export function closeThroughToday(businessId: string) {
  return closeBusiness(businessId, new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
}

/** A split's counter names as the closed totals spell them: `qrScans` → `closedQrScans`, `count` → `closedScans`. */
export function closedNames(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([name, n]) => [name === 'count' ? 'closedScans' : `closed${name[0]!.toUpperCase()}${name.slice(1)}`, n]));
}
