import { useCallback, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser, usePrivatePicture } from '@kidslearn/kit/platform';
import { usePlatform } from '../platform/contexts';
import { messages } from '../messages';
import { useMenu } from './menu';
import { GemBadge, useDismiss } from '@kidslearn/kit/ui';
import logo from '../assets/logo.svg';
import defaultAvatar from '../assets/default-avatar.svg';

export function Navbar() {
  const { auth } = usePlatform();
  const user = useCurrentUser();
  const picture = usePrivatePicture(user.img || undefined);
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // The small-screen menu closes on Escape (focus back on its button) and on a press outside the bar.
  useDismiss(open, close, header, toggle);
  const menu = useMenu();
  const signedIn = user.status === 'authenticated';
  const gems = user.gems;

  const login = () => navigate('/authentication', { state: { from: location.pathname + location.search } });

  return (
    <header className="navbar" ref={header}>
      <nav className="navbar-inner" aria-label="Main">
        <Link to="/" className="brand" aria-label={`${messages.brand} home`}>
          <img src={logo} alt="" width={44} height={44} />
          <span className="brand-name">{messages.brand}</span>
        </Link>

        <ul className="menu menu-wide">
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>

        <div className="navbar-actions">
          {signedIn && (
            <>
              {user.role === 'user' && (
                <span className="gem-in-bar">
                  <GemBadge gems={gems} />
                </span>
              )}
              {user.profileLoading ? (
                // SPEC §2: a loading text shows while the profile loads, in the avatar's own circle (nothing moves).
                <span className="avatar avatar-loading" role="status">
                  {messages.loadingProfile}
                </span>
              ) : (
                <img className="avatar" src={picture ?? defaultAvatar} alt={messages.avatarAlt(user.name)} width={44} height={44} />
              )}
              <button type="button" className="kl-btn kl-btn--outline" onClick={() => void auth.logout('/')}>
                {messages.signOut}
              </button>
            </>
          )}
          {/* While the session is checked, invisible copies hold the buttons' room, so nothing moves. */}
          {user.status === 'loading' && (
            <span className="navbar-placeholder" aria-hidden="true">
              <span className="kl-btn kl-btn--primary">{messages.login}</span>
              <span className="kl-btn kl-btn--secondary hide-small">{messages.register}</span>
            </span>
          )}
          {user.status === 'anonymous' && (
            <>
              <button type="button" className="kl-btn kl-btn--primary" onClick={login}>
                {messages.login}
              </button>
              <Link to="/authentication/registration" state={{ from: location.pathname + location.search }} className="kl-btn kl-btn--secondary hide-small">
                {messages.register}
              </Link>
            </>
          )}
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="small-menu"
            aria-label={messages.menu.openMenu}
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        </div>
      {open && (
        <ul id="small-menu" className="menu menu-dropdown">
          {signedIn && (
            <li className="dropdown-gems">
              <GemBadge gems={gems} />
            </li>
          )}
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      </nav>
    </header>
  );
}
