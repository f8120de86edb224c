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

/** Idempotent: fixed ids (inserts of what is missing), so running it again changes nothing. */
export async function seedDemoData({ lessons, reviews, avatars, users }: Stores, logger: Logger): Promise<void> {
  await avatars.seed(demoAvatars);
  const newLessons = await lessons.seed(demoLessons);
  await reviews.seed(demoReviews);
  await users.seed(demoUsers.map(({ avatar, ...user }) => ({ ...user, img: avatars.urlOf(avatar) })));
  logger.info({ newLessons }, 'demo data seeded');
}
