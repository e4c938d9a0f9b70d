// Names a signed-in page drew on the last visit (issue 25 §1), kept in local storage for the same user: a business's
// name in its dashboard header and its figures as drawn, the employee's own name in the portal's welcome, the admin
// Billing tab's runs sentence. A page's frame draws them at once (the prerendered HTML through web/kept-labels.js),
// before its data arrives (they are the page's largest text: its LCP element), and the data then
// draws the current ones. Forgotten on sign-out (session-start.ts forgetSession), and never shown to another user.
export const LABELS_KEY = 'cardcrew.labels';
/** The most names kept (the oldest go first): a few businesses an agency manages (six labels each), the user's own. */
const MAX_LABELS = 60;

interface KeptLabels {
  userId: string;
  labels: Record<string, string>;
}

function read(userId: string): Record<string, string> {
  try {
    const kept = JSON.parse(localStorage.getItem(LABELS_KEY) ?? 'null') as KeptLabels | null;
    return kept?.userId === userId && typeof kept.labels === 'object' && kept.labels !== null ? kept.labels : {};
  } catch {
    return {};
  }
}

/** The name `key` had for `userId` on the last visit, or null. */
export function keptLabel(userId: string | undefined, key: string): string | null {
  if (!userId) return null;
  const label = read(userId)[key];
  return typeof label === 'string' ? label : null;
}

/** Keeps the name `key` has now, for the next visit. */
export function keepLabel(userId: string | undefined, key: string, label: string): void {
  keepLabels(userId, { [key]: label });
}

/** Keeps several names at once (one read and one write of the storage), as the newest. */
export function keepLabels(userId: string | undefined, kept: Record<string, string>): void {
  if (!userId) return;
  const labels = read(userId);
  const changed = Object.entries(kept).filter(([key, label]) => labels[key] !== label);
  if (changed.length === 0) return;
  for (const [key, label] of changed) {
    delete labels[key];
    labels[key] = label;
  }
  const keys = Object.keys(labels);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_LABELS))) delete labels[old];
  try {
    localStorage.setItem(LABELS_KEY, JSON.stringify({ userId, labels } satisfies KeptLabels));
  } catch {
    // storage full or blocked: the next visit draws placeholders
  }
}

export function forgetLabels(): void {
  try {
    localStorage.removeItem(LABELS_KEY);
  } catch {
    // nothing kept
  }
}
