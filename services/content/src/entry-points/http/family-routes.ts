import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { inviteTokenSchema, linkIdSchema } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import { parentEmailSchema, settingsSchema } from '../../domain/family';
import type { UsersStore } from '../../domain/ports';
import { messages } from '../../messages';
import { changeSettings, decideConsent, deleteChild, exportChild, listChildren, withdrawConsent, type FamilyDeps } from '../../use-cases/family-consent';
import { createParentAccount, inviteParent, myParent, readInvitation, type InvitationDeps } from '../../use-cases/family-invitations';

const m = messages.family;

export interface FamilyRouteDeps {
  guards: { authenticate: RequestHandler };
  invitations: InvitationDeps;
  family: FamilyDeps;
  users: Pick<UsersStore, 'findByEmail'>;
  /** Limits the anonymous routes (per client address), as registration is limited. */
  anonymousLimit: RequestHandler;
  /** Limits the invitation mails a learner sends (after authentication, per account). */
  inviteLimit: RequestHandler;
}

/** The first problem of a body, as a message the page can show (400, nothing changed). */
function parse<T>(schema: z.ZodType<T>, input: unknown, fallback: string): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw AppError.badRequest(result.error.issues[0]?.message ?? fallback);
}

const tokenOf = (value: unknown) => parse(inviteTokenSchema, value, m.invitationInvalid);
const parentOf = (req: Request) => ({ email: req.auth.email, isParent: req.auth.isParent });
const linkIdOf = (req: Request) => {
  const parsed = linkIdSchema.safeParse(req.params.linkId);
  if (!parsed.success) throw AppError.notFound(m.childNotFound);
  return parsed.data;
};

const parentBody = z.object({ parentEmail: parentEmailSchema });
const accountBody = z.object({ token: z.string({ error: m.invitationInvalid }), name: z.string({ error: m.nameRequired }), password: z.string({ error: messages.registration.passwordRule }) });
const decisionBody = z.object({ token: z.string({ error: m.invitationInvalid }), decision: z.enum(['agree', 'refuse'], { error: m.decisionInvalid }) });

/** Families (docs/CONTRACTS.md "Families"): a learner names a parent; the parent answers, sees and decides. */
export function familyRoutes(deps: FamilyRouteDeps): Router {
  const router = Router();
  const { authenticate } = deps.guards;
  const learnerOnly: RequestHandler = (req, _res, next) => next(req.auth.isAdmin || req.auth.isParent ? AppError.forbidden(m.learnersOnly) : undefined);

  router.get('/family/parent', authenticate, learnerOnly, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await myParent(deps.invitations, req.auth.email));
  });

  router.put('/family/parent', authenticate, learnerOnly, deps.inviteLimit, async (req, res) => {
    const { parentEmail } = parse(parentBody, req.body, m.parentEmailInvalid);
    const user = await deps.users.findByEmail(req.auth.email);
    // The record's name (the standings' name), else the token's: a record made by a gems mirror has none yet.
    const name = user?.name || req.auth.name || m.someChild;
    res.json(await inviteParent(deps.invitations, { email: req.auth.email, name }, parentEmail));
  });

  router.get('/family/invitations/:token', deps.anonymousLimit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await readInvitation(deps.invitations, tokenOf(req.params.token)));
  });

  router.post('/family/parents', deps.anonymousLimit, async (req, res) => {
    const body = parse(accountBody, req.body, m.invitationInvalid);
    await createParentAccount(deps.invitations, { ...body, token: tokenOf(body.token) });
    res.status(201).json({});
  });

  router.post('/family/consents', authenticate, async (req, res) => {
    const body = parse(decisionBody, req.body, m.decisionInvalid);
    res.json(await decideConsent(deps.family, parentOf(req), tokenOf(body.token), body.decision));
  });

  router.get('/family/children', authenticate, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await listChildren(deps.family, parentOf(req)));
  });

  router.patch('/family/children/:linkId', authenticate, async (req, res) => {
    const change = parse(settingsSchema, req.body, m.capInvalid);
    res.json(await changeSettings(deps.family, parentOf(req), linkIdOf(req), change));
  });

  router.delete('/family/children/:linkId/consent', authenticate, async (req, res) => {
    await withdrawConsent(deps.family, parentOf(req), linkIdOf(req));
    res.status(204).end();
  });

  router.delete('/family/children/:linkId', authenticate, async (req, res) => {
    await deleteChild(deps.family, parentOf(req), linkIdOf(req));
    res.status(202).json({ message: messages.learnerData.erased });
  });

  router.get('/family/children/:linkId/export', authenticate, async (req, res) => {
    const authorization = req.get('authorization');
    if (!authorization) throw AppError.unauthorized();
    const { body, userId } = await exportChild(deps.family, parentOf(req), linkIdOf(req), authorization);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="kidslearn-child-${userId}.json"`);
    res.json(body);
  });

  return router;
}
