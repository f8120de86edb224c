import sharp from 'sharp';
import { AppError } from '@kidslearn/lib-core';
import type { ImageType } from '../domain/photo';
import { messages } from '../messages';

/** A registration photo is shown as a small avatar: decoding more pixels than this is refused. */
export const MAX_PHOTO_PIXELS = 4096 * 4096;
/** Stored photos are at most this wide and high. */
const MAX_SIDE = 1024;

/**
 * Decodes and re-encodes an uploaded photo (children's photos: EXIF, GPS and every other metadata
 * are dropped, since sharp writes none unless asked). The orientation is applied first, animations
 * keep only their first frame. Over MAX_PHOTO_PIXELS or undecodable → 400, nothing stored.
 */
export async function reencodePhoto(buffer: Buffer, type: ImageType): Promise<{ data: Buffer; contentType: ImageType }> {
  const format = type === 'image/jpeg' ? 'jpeg' : type === 'image/webp' ? 'webp' : 'png';
  try {
    const image = sharp(buffer, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const data = await image.toFormat(format).toBuffer();
    return { data, contentType: format === 'png' ? 'image/png' : type };
  } catch (err) {
    const tooBig = /pixel limit/i.test((err as Error).message);
    throw AppError.badRequest(tooBig ? messages.registration.photoPixels : messages.registration.photoType);
  }
}
