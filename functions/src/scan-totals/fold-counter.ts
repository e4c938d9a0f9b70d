// The card-day counter the one-write card page (issue 25 §2) adds to with every scan, besides `count`: a scan whose
// record raises it is not in the totals yet, so the scan-totals fold adds it. Scans counted by the four-write card page
// before it were added to every total at once; their records leave it as it was, and the fold skips them.
export const FOLD_COUNTER = 'foldScans';
