import { useCallback, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useDismiss } from '@kidslearn/kit/ui';
import { messages } from '../messages';

const links = [
  { to: '/dashboard', label: messages.nav.home, end: true },
  { to: '/dashboard/my-users', label: messages.nav.myUsers },
  { to: '/dashboard/add-lesson', label: messages.nav.addLesson },
  { to: '/dashboard/make-admin', label: messages.nav.makeAdmin },
  { to: '/dashboard/redem-pending', label: messages.nav.pending },
  // Beyond SPEC §2's five entries: review moderation.
  { to: '/dashboard/reviews', label: messages.nav.reviews },
];

/** The admin sidebar; on phones it folds into a menu that closes on Escape, a press outside or a choice. */
export function DashboardLayout() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, sidebar, toggle);
  return (
    <div className="adm-layout">
      <nav className="adm-sidebar" aria-label={messages.nav.label} ref={sidebar}>
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
        <ul id="adm-links" className={open ? 'adm-links is-open' : 'adm-links'}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} onClick={close}>
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
