import type { Logger } from '@kidslearn/lib-core';
import type { createAvatarsStore } from '../data-access/avatars-store';
import type { createLessonsStore } from '../data-access/lessons-store';
import type { createReviewsStore } from '../data-access/reviews-store';
import type { UsersRepository } from '../data-access/users-store';
import { demoAvatars, demoUsers } from './demo-avatars';
import { demoLessons } from './demo-lessons';
import { demoReviews } from './demo-reviews';

interface Stores {
  lessons: Pick<ReturnType<typeof createLessonsStore>, 'seed'>;
  reviews: Pick<ReturnType<typeof createReviewsStore>, 'seed'>;
  avatars: Pick<ReturnType<typeof createAvatarsStore>, 'seed' | 'urlOf'>;
  users: Pick<UsersRepository, 'seed'>;
}

/**
 * Idempotent: fixed ids (inserts of what is missing), so running it again changes nothing. The one update:
 * demo lessons seeded before they had explanations get them (and are announced again), since a database
 * seeded once would otherwise never show the demo's explanations. Resolves true when a lesson was written.
 */
export async function seedDemoData({ lessons, reviews, avatars, users }: Stores, logger: Logger): Promise<boolean> {
  await avatars.seed(demoAvatars);
  const { inserted: newLessons, explained } = await lessons.seed(demoLessons);
  await reviews.seed(demoReviews);
  await users.seed(demoUsers.map(({ avatar, ...user }) => ({ ...user, img: avatars.urlOf(avatar) })));
  logger.info({ newLessons, explainedLessons: explained }, 'demo data seeded');
  return newLessons + explained > 0;
}
