import type { Platform } from '@kidslearn/kit/platform';

/** After sign-in the shell records a learner once per browser session (POST /users). */
export async function recordSignedInUser(platform: Platform, storage: Storage = sessionStorage): Promise<void> {
  const { session } = platform.store.getState();
  if (session.status !== 'authenticated') return;
  // A parent is not a learner: no learner record (the least data kept; the family area has its own).
  if (session.user.roles.includes('parent') && !session.user.roles.includes('admin')) return;
  const key = `kidslearn:recorded:${session.user.sub}`;
  if (storage.getItem(key)) return;
  const now = new Date().toISOString();
  const result = await platform.store.dispatch(
    platform.api.endpoints.recordUser.initiate({
      name: session.user.name,
      email: session.user.email,
      role: 'user',
      created_At: now,
      last_log_in: now,
      img: '',
      gems: 0,
    }),
  );
  if ('error' in result) console.error('Recording the user failed', result.error);
  else storage.setItem(key, now);
}
