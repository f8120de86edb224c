import { messages } from '../messages';
import type { Role } from '@kidslearn/kit/platform';

export interface MenuItem {
  to: string;
  label: string;
}

const learnerMenu: MenuItem[] = [
  { to: '/course-details', label: messages.menu.courseDetails },
  { to: '/my-classes', label: messages.menu.myClasses },
  { to: '/avater', label: messages.menu.avatar },
  { to: '/Premium', label: messages.menu.premium },
  { to: '/standings', label: messages.menu.standings },
  { to: '/games', label: messages.menu.games },
  { to: '/gift', label: messages.menu.gift },
];

/** SPEC §2: an admin sees only Dashboard; everyone else (visitors included) the learner menu. */
export function menuFor(role: Role | undefined): MenuItem[] {
  return role === 'admin' ? [{ to: '/dashboard', label: messages.menu.dashboard }] : learnerMenu;
}
