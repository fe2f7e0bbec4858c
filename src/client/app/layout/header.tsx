import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CartIcon } from '#client/features/cart/components/cart-icon.tsx';
import { selectCartHidden } from '#client/features/cart/cart-selectors.ts';
import { dropdownClosed } from '#client/features/cart/cart-slice.ts';
import { SearchBox } from '#client/features/search/components/search-box.tsx';
import { useAuthClient } from '#client/features/user/auth-client.ts';
import { selectAuthResolved, selectCurrentUser } from '#client/features/user/user-selectors.ts';
import { useAppDispatch, useAppSelector } from '#client/app/hooks.ts';
import { CrownLogo } from './crown-logo.tsx';
import headerCss from './header.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

const LINKS_ID = 'header-links';

// Loaded on the first opening of the cart, which most page views never make (issue 13 made it
// larger: each line's size, or a chooser).
const CartDropdown = lazy(() =>
  import('#client/features/cart/components/cart-dropdown.tsx').then((module) => ({
    default: module.CartDropdown,
  })),
);

/** SIGN IN, or ACCOUNT and SIGN OUT: never the wrong one while the session is not known yet. */
function AuthLinks({ onSignOut }: { onSignOut: () => void }) {
  const currentUser = useAppSelector(selectCurrentUser);
  const resolved = useAppSelector(selectAuthResolved);
  const auth = useAuthClient();

  if (!resolved) {
    // Prerendered, and until the server answers: SIGN IN shows only without the signed-in hint's
    // class on <html> (ADR 022), so a signed-in shopper never sees it, nor a signed-out one waits.
    return (
      <li className="header__guess-out">
        <Link className="header__option" to="/signin">
          SIGN IN
        </Link>
      </li>
    );
  }
  if (!currentUser) {
    return (
      <li>
        <Link className="header__option" to="/signin">
          SIGN IN
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link className="header__option" to="/account">
          ACCOUNT
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="header__option"
          onClick={() => {
            onSignOut();
            void auth.signOut();
          }}
        >
          SIGN OUT
        </button>
      </li>
    </>
  );
}

/**
 * The logo, the links and the bag. On a narrow screen the links fold into a MENU button's panel
 * and the bag stays in sight; from 48rem they stand in a row.
 */
export function Header() {
  const cartHidden = useAppSelector(selectCartHidden);
  const dispatch = useAppDispatch();
  const { key } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === key;
  const nav = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setOpenOn(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    // A tap anywhere else (the bag included) closes it, as with any pop-up panel.
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header className="header">
      <StyleSheet href="header" css={headerCss} />
      {/* The server writes the shop's own name into this label (ADR 048): React keeps an
          attribute as the page has it, and no code for it reaches every page's first load. */}
      <Link className="header__logo" to="/" aria-label="CRWN Clothing, home">
        <CrownLogo />
      </Link>
      <nav className="header__nav" aria-label="Main" ref={nav}>
        <button
          ref={menuButton}
          type="button"
          className="header__option header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={LINKS_ID}
          onClick={() => {
            dispatch(dropdownClosed());
            setOpenOn(menuOpen ? null : key);
          }}
        >
          MENU
        </button>
        <ul
          id={LINKS_ID}
          className={menuOpen ? 'header__links header__links--open' : 'header__links'}
        >
          <li>
            <Link className="header__option" to="/shop">
              SHOP
            </Link>
          </li>
          <li>
            <Link className="header__option" to="/contact">
              CONTACT
            </Link>
          </li>
          <AuthLinks onSignOut={closeMenu} />
        </ul>
      </nav>
      <SearchBox />
      <CartIcon />
      {!cartHidden && (
        <Suspense fallback={null}>
          <CartDropdown />
        </Suspense>
      )}
    </header>
  );
}
