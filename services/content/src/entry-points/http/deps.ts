import type { RequestHandler } from 'express';
import type { Logger } from '@kidslearn/lib-core';
import type { ContentConfig } from '../../config';
import type { AdminRoster, RoleChangeLock } from '../../domain/admin-roles';
import type { IdentityAdmin } from '../../domain/identity';
import type { FamilyStore } from '../../domain/family';
import type { InvitationDeps } from '../../use-cases/family-invitations';
import type { AvatarsStore, LessonsStore, PhotosStore, ReviewsStore, UsersStore } from '../../domain/ports';

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
  /** Families: registration may name a parent (set once the family store is made). */
  invitations?: InvitationDeps;
  /** Families: who agreed for a child (the photo's viewers). */
  families?: Pick<FamilyStore, 'byChild'>;
}

export const CACHE_KEYS = { lessons: 'lessons', reviews: 'reviews' } as const;
