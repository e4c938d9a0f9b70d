// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Issue 23 §3: the Activity section (the audit log; docs/decisions.md "Audit log (issue 23 §3)"). */
export const activityMessages = {
  invalidDay: 'Enter a date as YYYY-MM-DD',
  invalidAction: 'Choose an action from the list',
  rangeReversed: 'The start date must be on or before the end date',
  loadFailed: 'Could not load the activity. Please try again.',
  empty: 'No activity matches these filters.',
  exportFailed: 'Could not export the activity. Please try again.',
} as const;
