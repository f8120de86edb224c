import { Router, type Request } from 'express';
import { AppError } from '@kidslearn/lib-core';
import { validate } from '@kidslearn/lib-http';
import { changeRole } from '../../use-cases/change-role';
import { emailQuerySchema, isSelfOrAdmin, roleFromToken, upsertUserSchema, userIdParamsSchema, usersPageQuerySchema, type UpsertUser, type UsersPageQuery } from '../../domain/user';
import { messages } from '../../messages';
import type { HttpDeps } from './deps';

const caller = (req: Request) => {
  if (!req.auth) throw AppError.unauthorized();
  return { ...req.auth, email: req.auth.email.toLowerCase() };
};

const queriedEmail = (req: Request) => (req.valid.query as { email: string }).email;

/** Learners may only read their own record; admins any. */
const selfOrAdminByQuery = (req: Request) => {
  if (!isSelfOrAdmin(caller(req), queriedEmail(req))) throw AppError.forbidden();
};

export function usersRoutes(deps: HttpDeps): Router {
  const { guards, users } = deps;
  const router = Router();
  const byEmail = validate({ query: emailQuerySchema });

  // After sign-in: the caller's own record. Identity and role come from the token, never the body.
  router.post('/users', guards.authenticate, validate({ body: upsertUserSchema }), async (req, res) => {
    const me = caller(req);
    const body = req.valid.body as UpsertUser;
    if (body.email && body.email !== me.email) throw AppError.forbidden(messages.user.emailMismatch);
    const { user, created } = await users.upsertOnSignIn({
      email: me.email,
      name: body.name || me.name || '',
      // The role comes from the token, never the body; a picture only from registration's own upload
      // (a URL in the body would let anyone point a child's avatar anywhere).
      role: roleFromToken(me.isAdmin),
    });
    res.status(created ? 201 : 200).json(user);
  });

  router.get('/users/email', guards.authenticate, byEmail, async (req, res) => {
    selfOrAdminByQuery(req);
    const user = await users.findByEmail(queriedEmail(req));
    if (!user) throw AppError.notFound(messages.user.notFound);
    res.json(user);
  });

  router.get('/users/search', guards.authenticate, guards.requireAdmin, byEmail, async (req, res) => {
    const user = await users.findByEmail(queriedEmail(req));
    if (!user) throw AppError.notFound(messages.user.notFound);
    res.json(user);
  });

  // With ?email= (self or admin): a list whose first item is that user. With ?page=/limit=/q= (admin): one
  // page with the total. With nothing: every user, the spec's shape (admin).
  const paged = (req: Request) => ['page', 'limit', 'q'].some((name) => req.query[name] !== undefined);
  const pageQuery = validate({ query: usersPageQuerySchema });
  router.get(
    '/users',
    guards.authenticate,
    (req, res, next) => (req.query.email === undefined ? guards.requireAdmin(req, res, next) : byEmail(req, res, next)),
    (req, res, next) => (req.query.email === undefined && paged(req) ? pageQuery(req, res, next) : next()),
    async (req, res) => {
      if (req.query.email === undefined && paged(req)) {
        const { page, limit, q } = req.valid.query as UsersPageQuery;
        const { items, total } = await users.page({ page, limit, search: q || undefined });
        return void res.json({ items, total, page, limit });
      }
      if (req.query.email === undefined) return void res.json(await users.list());
      selfOrAdminByQuery(req);
      const user = await users.findByEmail(queriedEmail(req));
      res.json(user ? [user] : []);
    },
  );

  for (const [action, role] of [['make-admin', 'admin'], ['remove-admin', 'user']] as const) {
    router.put(`/users/:userId/${action}`, guards.authenticate, guards.requireAdmin, validate({ params: userIdParamsSchema }), async (req, res) => {
      const { userId } = req.valid.params as { userId: string };
      const user = await changeRole(deps, caller(req).email, userId, role);
      res.json(user);
    });
  }

  router.get('/admin/overview', guards.authenticate, guards.requireAdmin, async (_req, res) => {
    const [totalLesson, { totalAdmin, totalUsers }] = await Promise.all([deps.lessons.count(), users.counts()]);
    res.json({ totalLesson, totalAdmin, totalUsers });
  });

  return router;
}
