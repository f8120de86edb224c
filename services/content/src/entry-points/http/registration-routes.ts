import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from '@kidslearn/lib-core';
import { MAX_PHOTO_BYTES } from '../../domain/photo';
import { checkRegistration } from '../../domain/registration';
import { registerLearner } from '../../use-cases/register-learner';
import { messages } from '../../messages';
import type { HttpDeps } from './deps';

const m = messages.registration;

// Memory storage: the photo is checked (size, magic bytes) before anything is stored.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 8, fieldSize: 4 * 1024, parts: 10, fieldNameSize: 100 },
});

/** multer errors → the service's 400/413 answers (nothing has been stored yet). */
const photoUpload: RequestHandler = (req, res, next) => {
  upload.single('image')(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(AppError.payloadTooLarge(m.photoTooLarge));
      if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return next(AppError.badRequest(m.tooManyFiles));
      return next(AppError.badRequest(m.badForm));
    }
    next(AppError.badRequest(m.badForm));
  });
};

const requireMultipart: RequestHandler = (req, _res, next) => {
  next(req.is('multipart/form-data') ? undefined : AppError.badRequest(m.photoRequired));
};

export function registrationRoutes(deps: HttpDeps): Router {
  const router = Router();

  // Limited per client and, once the form is read, per address (however many clients ask for one).
  router.post('/registrations', deps.rateLimits.registration, requireMultipart, photoUpload, deps.rateLimits.registrationPerAddress, async (req, res) => {
    const check = checkRegistration({
      fields: (req.body ?? {}) as Record<string, unknown>,
      photo: req.file ? { buffer: req.file.buffer, size: req.file.size } : undefined,
    });
    if (!check.ok) throw AppError.badRequest(check.message);
    await registerLearner(deps, check.value);
    res.status(201).json({ message: m.success });
  });

  return router;
}
