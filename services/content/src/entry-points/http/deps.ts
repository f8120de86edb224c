import type { RequestHandler } from 'express';
import type { Logger } from '@kidslearn/lib-core';
import type { ContentConfig } from '../../config';
import type { AvatarsStore } from '../../data-access/avatars-store';
import type { LessonsStore } from '../../data-access/lessons-store';
import type { PhotosStore } from '../../data-access/photos-store';
import type { ReviewsStore } from '../../data-access/reviews-store';
import type { UsersStore } from '../../data-access/users-store';
import type { AdminRoster, RoleChangeLock } from '../../domain/admin-roles';
import type { IdentityAdmin } from '../../domain/identity';

/** The guards this service uses from lib-auth. */
export interface Guards {
  authenticate: RequestHandler;
  optionalAuth: RequestHandler;
  requireAdmin: RequestHandler;
  requireSelfOrAdmin(param: string): RequestHandler;
}

export interface Cache {
  getOrLoad<T>(key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T>;
  invalidate(key: string): Promise<unknown>;
}

export interface HttpDeps {
  config: ContentConfig;
  logger: Logger;
  guards: Guards;
  cache: Cache;
  rateLimits: { review: RequestHandler; registration: RequestHandler; registrationPerAddress: RequestHandler };
  lessons: LessonsStore;
  reviews: ReviewsStore;
  avatars: AvatarsStore;
  users: UsersStore;
  photos: PhotosStore;
  identity: IdentityAdmin;
  /** Who holds the admin role (Keycloak) and the lock every role change takes: the last-admin guard. */
  admins: AdminRoster;
  roleLock: RoleChangeLock;
  /** Asks the outbox relay to publish now instead of at its next tick. */
  flushOutbox: () => void;
}

export const CACHE_KEYS = { lessons: 'lessons', reviews: 'reviews' } as const;
