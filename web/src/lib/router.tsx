// The SPA's router (issue 25 §1): the part of React Router the app used — a browser and a static (prerender) router,
// Link, NavLink, Navigate and the location, navigation, params and search hooks — in ≈ 1.5 KB instead of React
// Router's ≈ 12 KB (brotli) of the first load of every page. Same behaviour where the app relies on it: navigations
// run in a transition (the page on screen stays until the next one is loaded, as React Router's BrowserRouter does),
// Back/Forward are 'POP', a Link click with a modifier key or another target is left to the browser, NavLink marks
// the current page with aria-current="page". Paths match case-insensitively, with or without a trailing slash.
import {
  createContext,
  createElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

export type To = string | { pathname?: string; search?: string; hash?: string };
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;
export type Params = Record<string, string | undefined>;

interface RouterContextValue {
  location: Location;
  navigationType: NavigationType;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const ParamsContext = createContext<Params>({});

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Outside a router');
  return router;
}

/** `to` as a path, against the current location: '?a=1' and '#x' keep the current path. */
export function pathOf(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  if (typeof to !== 'string') return (to.pathname ?? from.pathname) + (to.search ?? '') + (to.hash ?? '');
  if (to.startsWith('?')) return from.pathname + to;
  if (to.startsWith('#')) return from.pathname + from.search + to;
  return to;
}

function parsePath(path: string, state: unknown = null): Location {
  const url = new URL(path, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state };
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null };
}

/** The router of the browser: the address bar and its history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ location: Location; navigationType: NavigationType }>(() => ({
    location: browserLocation(),
    navigationType: 'POP',
  }));
  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setState({ location: browserLocation(), navigationType: 'POP' }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    // Against the address as it is now (a navigation in a transition may not have rendered yet).
    const here = browserLocation();
    const path = pathOf(to, here);
    // A link to the page already shown replaces it, as React Router does (no duplicate history entries).
    const replace = options.replace ?? path === here.pathname + here.search + here.hash;
    const entry = { usr: options.state ?? null };
    if (replace) window.history.replaceState(entry, '', path);
    else window.history.pushState(entry, '', path);
    startTransition(() => setState({ location: browserLocation(), navigationType: replace ? 'REPLACE' : 'PUSH' }));
  }, []);
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return createElement(RouterContext.Provider, { value }, children);
}

/** The router of the build-time prerender: one location, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterContextValue>(
    () => ({
      location: parsePath(location),
      navigationType: 'POP',
      navigate: () => {
        throw new Error('No navigation while prerendering');
      },
    }),
    [location],
  );
  return createElement(RouterContext.Provider, { value }, children);
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Params => useContext(ParamsContext);

/** The query string, and a setter that navigates to the same path with a new one (the hash is dropped). */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate({ search: search ? `?${search}` : '' }, options);
    },
    [navigate],
  );
  return [params, set];
}

/** Navigates once rendered (the redirects of guarded pages). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const path = typeof to === 'string' ? to : JSON.stringify(to);
  useEffect(() => {
    navigate(to, { replace, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per target, as React Router's Navigate
  }, [navigate, path, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown; ref?: Ref<HTMLAnchorElement> };

/** An <a> whose plain left click navigates inside the app. */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = pathOf(to, location);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return createElement('a', { ...rest, href, onClick: click });
}

type NavLinkProps = Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string) };

/** A Link that knows whether it points at the current page (aria-current="page"). */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const target = parsePath(pathOf(rest.to, location)).pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const here = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  return createElement(Link, {
    ...rest,
    'aria-current': isActive ? 'page' : undefined,
    className: typeof className === 'function' ? className({ isActive }) : className,
  });
}

/** A route of the table: its path pattern ('/a/:id', '*') and whatever the table keeps beside it. */
export interface RouteMatch<R> {
  route: R;
  params: Params;
}

/**
 * The route `pathname` shows: the first whose pattern matches, patterns with a '*' last. Segments match
 * case-insensitively; ':name' takes one segment (decoded); a trailing '*' the rest.
 */
export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): RouteMatch<R> | null {
  const segments = pathname.split('/').filter(Boolean);
  const ordered = [...routes.filter((r) => !r.path.includes('*')), ...routes.filter((r) => r.path.includes('*'))];
  for (const route of ordered) {
    const pattern = route.path.split('/').filter(Boolean);
    const params: Params = {};
    let matched = true;
    for (let i = 0; i < pattern.length && matched; i++) {
      const part = pattern[i]!;
      if (part === '*') {
        params['*'] = segments.slice(i).join('/');
        return { route, params };
      }
      const segment = segments[i];
      if (segment === undefined) matched = false;
      else if (part.startsWith(':')) params[part.slice(1)] = safeDecode(segment);
      else matched = part.toLowerCase() === segment.toLowerCase();
    }
    if (matched && pattern.length === segments.length) return { route, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Renders `element` with the params of its route match (useParams). */
export function WithParams({ params, children }: { params: Params; children: ReactNode }) {
  return createElement(ParamsContext.Provider, { value: params }, children);
}
