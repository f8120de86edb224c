import { z } from 'zod';

/** Lesson ids come from the content service (ObjectId hex or a slug); safe as keys and in URLs. */
export const lessonIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a lesson id');
