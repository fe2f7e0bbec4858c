/**
 * React Router reloads the page when a route's chunk fails to load during a navigation, which would
 * silently drop the shopper back where they were.
 */
const KEY = 'crwn:pending-navigation';
/** A note older than this is from another visit, not from the reload that just happened. */
const MAX_AGE_MS = 30_000;

interface PendingNavigation {
  path: string;
  at: number;
}

export function rememberPendingNavigation(path: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage may be full or blocked; the banner is a nicety, never a reason to fail.
  }
}

/** Forgets the note: the navigation it was about has finished. */
export function forgetPendingNavigation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // as above
  }
}

export function takePendingNavigation(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const note = JSON.parse(raw) as Partial<PendingNavigation>;
    if (typeof note.path !== 'string' || !note.path.startsWith('/')) return null;
    if (typeof note.at !== 'number' || now - note.at > MAX_AGE_MS || note.at > now) return null;
    return note.path;
  } catch {
    return null;
  }
}
