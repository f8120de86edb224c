import { z } from 'zod';
import { messages } from '../messages';

export const changeAvatarSchema = z.object({
  img: z.string({ error: messages.avatar.imgRequired }).trim().min(1, { error: messages.avatar.imgRequired }).max(2048),
});

/**
 * Decision: a learner may pick one of the catalogue's avatars, or go back to the photo they uploaded
 * themselves (registration photo or first sign-in picture). Anything else would let a client point
 * its avatar at any URL on the internet.
 */
export function isAllowedAvatar(img: string, avatarUrls: readonly string[], ownPhotoUrl?: string | null): boolean {
  return avatarUrls.includes(img) || (!!ownPhotoUrl && img === ownPhotoUrl);
}
