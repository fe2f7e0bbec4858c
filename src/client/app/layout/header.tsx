import { Link } from 'react-router';
import { CartDropdown } from '#client/features/cart/components/cart-dropdown.tsx';
import { CartIcon } from '#client/features/cart/components/cart-icon.tsx';
import { selectCartHidden } from '#client/features/cart/cart-selectors.ts';
import { useAuthClient } from '#client/features/user/auth-client.ts';
import { selectCurrentUser } from '#client/features/user/user-selectors.ts';
import { useAppSelector } from '#client/app/hooks.ts';
import { CrownLogo } from './crown-logo.tsx';
import headerCss from './header.css?inline';
import { StyleSheet } from '#client/components/ui/style-sheet.tsx';

export function Header() {
  const currentUser = useAppSelector(selectCurrentUser);
  const cartHidden = useAppSelector(selectCartHidden);
  const auth = useAuthClient();

  return (
    <header className="header">
      <StyleSheet href="header" css={headerCss} />
      <Link className="header__logo" to="/" aria-label="CRWN Clothing, home">
        <CrownLogo />
      </Link>
      <nav className="header__options" aria-label="Main">
        <Link className="header__option" to="/shop">
          SHOP
        </Link>
        <Link className="header__option" to="/contact">
          CONTACT
        </Link>
        {currentUser && (
          <Link className="header__option" to="/account">
            ACCOUNT
          </Link>
        )}
        {currentUser ? (
          <button
            type="button"
            className="header__option header__option--button"
            onClick={() => void auth.signOut()}
          >
            SIGN OUT
          </button>
        ) : (
          <Link className="header__option" to="/signin">
            SIGN IN
          </Link>
        )}
        <CartIcon />
      </nav>
      {!cartHidden && <CartDropdown />}
    </header>
  );
}
