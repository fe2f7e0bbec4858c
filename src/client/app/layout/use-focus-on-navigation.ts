import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * Each new page starts at its top, with focus on its heading (or its <main>), as a new page of a
 * site without scripts would: a keyboard or screen-reader user goes on from the page, not from the
 * skip link, and a phone does not open the next page halfway down (issue 10). Not on the first
 * load, which is the browser's; back and forward keep ScrollRestoration's place.
 */
export function useFocusOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== NavigationType.Pop && !hash) window.scrollTo(0, 0);
    const main = document.getElementById('main');
    const target = main?.querySelector('h1') ?? main;
    if (!target) return;
    target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, hash, navigationType]);
}
