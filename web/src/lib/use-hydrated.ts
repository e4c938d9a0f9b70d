// Whether the page's code is live: false in the prerendered HTML and while React hydrates it, true right after (and
// from the first render of a page the app draws itself). A prerendered form is inert until then, so nothing typed or
// clicked before the code arrives is lost (or sent as a plain form submission).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
