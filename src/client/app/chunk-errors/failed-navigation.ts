/**
 * React Router reloads the page when a route's chunk fails to load during a navigation, which
 * would silently drop the shopper back where they were. The page notes each navigation as it
 * starts and forgets it when it finishes, so a reloaded page that finds a note knows a navigation
 * was cut off, and can find out what failed and say so.
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

/** Returns the path of a navigation cut off by a reload just now, and forgets it. */
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
