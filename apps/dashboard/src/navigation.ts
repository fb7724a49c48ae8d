import { useSyncExternalStore } from 'react';

/**
 * The location as React state. The pages and their paths are in routes.tsx: a table and a
 * matcher of `:name` parts are all the dashboard needs, so no router library is loaded.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function navigate(path: string): void {
  window.history.pushState(null, '', path);
  notify();
}

/** The current location (`pathname` and `search`), re-rendering on navigation. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(
    // Listening only while subscribed: the module loads without a window (a test reads the route
    // table in Node).
    (listener) => {
      if (listeners.size === 0) window.addEventListener('popstate', notify);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', notify);
      };
    },
    () => window.location.pathname + window.location.search,
  );
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, search: url.search };
}

/** What a page receives: the `:name` parts of its path and the query string. */
export interface PageProps {
  params: Record<string, string>;
  search: URLSearchParams;
}

/** The `/app` path of a route with its parameters filled in. */
export function pathTo(path: string, params: Record<string, string> = {}): string {
  return `/app${path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}
