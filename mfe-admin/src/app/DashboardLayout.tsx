import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { messages } from '../messages';

const links = [
  { to: '/dashboard', label: messages.nav.home, end: true },
  { to: '/dashboard/my-users', label: messages.nav.myUsers },
  { to: '/dashboard/add-lesson', label: messages.nav.addLesson },
  { to: '/dashboard/make-admin', label: messages.nav.makeAdmin },
  { to: '/dashboard/redem-pending', label: messages.nav.pending },
];

/** The admin sidebar; on phones it folds into a menu that closes on Escape or after a choice. */
export function DashboardLayout() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <div className="adm-layout">
      <nav className="adm-sidebar" aria-label={messages.nav.label}>
        <button
          ref={toggle}
          type="button"
          className="kl-btn kl-btn--outline adm-menu-toggle"
          aria-expanded={open}
          aria-controls="adm-links"
          onClick={() => setOpen((value) => !value)}
        >
          {messages.nav.menu}
        </button>
        <ul
          id="adm-links"
          className={open ? 'adm-links is-open' : 'adm-links'}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              setOpen(false);
              toggle.current?.focus();
            }
          }}
        >
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="adm-page">
        <Outlet />
      </div>
    </div>
  );
}
