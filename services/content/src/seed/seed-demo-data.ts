import type { Logger } from '@kidslearn/lib-core';
import type { AvatarsStore } from '../data-access/avatars-store';
import type { LessonsStore } from '../data-access/lessons-store';
import type { ReviewsStore } from '../data-access/reviews-store';
import type { UsersStore } from '../data-access/users-store';
import { demoAvatars, demoUsers } from './demo-avatars';
import { demoLessons } from './demo-lessons';
import { demoReviews } from './demo-reviews';

interface Stores {
  lessons: LessonsStore;
  reviews: ReviewsStore;
  avatars: AvatarsStore;
  users: UsersStore;
}

/** Idempotent: fixed ids and $setOnInsert, so running it again changes nothing. */
export async function seedDemoData({ lessons, reviews, avatars, users }: Stores, logger: Logger): Promise<void> {
  await avatars.seed(demoAvatars);
  const newLessons = await lessons.seed(demoLessons);
  await reviews.seed(demoReviews);
  await users.seed(demoUsers.map(({ avatar, ...user }) => ({ ...user, img: avatars.urlOf(avatar) })));
  logger.info({ newLessons }, 'demo data seeded');
}
