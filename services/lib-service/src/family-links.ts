// Families (issue 24): the parent–child links content decides, as every other service keeps them
// (`family.linked` / `family.unlinked`), and the guard of a parent's /family routes. One implementation for
// quiz, gems and gifts, so that "a parent sees only their own children" is the same rule everywhere.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Schema, type Connection } from 'mongoose';
import { linkIdSchema, type EventData } from '@kidslearn/contracts';
import { AppError } from '@kidslearn/lib-core';
import type { EventHandlers } from '@kidslearn/lib-events';
import { isDuplicateKeyError, readsOfOneTurn } from '@kidslearn/lib-mongo';

export interface FamilyLink {
  linkId: string;
  childEmail: string;
  parentEmail: string;
  approveGifts: boolean;
  monthlyGemCap: number | null;
  version: number;
}

interface FamilyLinkDoc {
  _id: string;
  childEmail: string;
  parentEmail: string;
  approveGifts: boolean;
  monthlyGemCap: number | null;
  version: number;
  /** a tombstone: the link was withdrawn or the child erased at `version` (a late, older link is ignored) */
  unlinked: boolean;
}

const schema = new Schema<FamilyLinkDoc>(
  {
    _id: { type: String, required: true },
    // Emptied (not required) once the child is erased: the tombstone keeps only the id and version.
    childEmail: { type: String, default: '', index: true },
    parentEmail: { type: String, default: '', index: true },
    approveGifts: { type: Boolean, required: true },
    monthlyGemCap: { type: Number, default: null },
    version: { type: Number, required: true },
    unlinked: { type: Boolean, required: true },
  },
  { versionKey: false },
);

/** The answer to a parent asking about a child that is not theirs (or not linked): the same as for no child at all. */
export const CHILD_NOT_FOUND = 'Child not found';
export const PARENTS_ONLY = 'Only a parent can open this page.';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by requireParentOf: the link of the child the route names, the caller being its parent. */
      familyLink?: FamilyLink;
    }
  }
}

const toLink = (doc: FamilyLinkDoc): FamilyLink => ({
  linkId: doc._id,
  childEmail: doc.childEmail,
  parentEmail: doc.parentEmail,
  approveGifts: doc.approveGifts,
  monthlyGemCap: doc.monthlyGemCap ?? null,
  version: doc.version,
});

export type FamilyLinks = ReturnType<typeof createFamilyLinks>;

/** The service's copy of the family links (collection `family_links`), its event handlers and its route guard. */
export function createFamilyLinks(db: Connection) {
  const model = db.model<FamilyLinkDoc>('FamilyLink', schema, 'family_links');

  /** Newer versions replace older ones; an equal or older one (a redelivery, a late event) changes nothing. */
  async function apply(doc: FamilyLinkDoc): Promise<void> {
    try {
      await model.updateOne({ _id: doc._id, version: { $lt: doc.version } }, { $set: doc }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err; // the stored version is already as new or newer
    }
  }

  async function ofParent(parentEmail: string, linkId: string): Promise<FamilyLink | null> {
    const doc = await model.findOne({ _id: linkId, parentEmail: parentEmail.toLowerCase(), unlinked: false }).lean<FamilyLinkDoc>();
    return doc ? toLink(doc) : null;
  }

  // A child's live link: the questions of one turn of the event loop share one read (a redemption asks one each;
  // under load many come together). Never cached, so a link content changed is seen by the next question.
  const liveLinkOf = readsOfOneTurn(
    async (children: readonly string[]) => {
      const docs = await model.find({ childEmail: { $in: [...new Set(children)] }, unlinked: false }).lean<FamilyLinkDoc[]>();
      const byChild = new Map<string, FamilyLink>();
      for (const doc of docs) if (!byChild.has(doc.childEmail)) byChild.set(doc.childEmail, toLink(doc));
      return children.map((child) => byChild.get(child) ?? null);
    },
    { maxBatchSize: 100 },
  );

  const handlers = {
    'family.linked': async (event: { data: EventData<'family.linked'> }) => {
      const { linkId, ...link } = event.data;
      await apply({ _id: linkId, ...link, unlinked: false });
    },
    'family.unlinked': async (event: { data: EventData<'family.unlinked'> }) => {
      const { linkId, childEmail, parentEmail, version } = event.data;
      await apply({ _id: linkId, childEmail, parentEmail, version, approveGifts: false, monthlyGemCap: null, unlinked: true });
    },
  } satisfies EventHandlers;

  return {
    model,
    /** Subscribe these (ServiceContext.handle) unless the service handles the two types itself. */
    handlers,
    init: () => model.init(),
    /** The child's current link (consent given), or null. */
    ofChild: (childEmail: string): Promise<FamilyLink | null> => liveLinkOf(childEmail.toLowerCase()),
    /** The link `linkId` when `parentEmail` is its parent, else null. */
    ofParent,
    /**
     * learner.erased: the child's links become tombstones without the emails (their versions stay, so a late or
     * redelivered family.linked of before the erasure cannot bring a link back).
     */
    async eraseChild(childEmail: string): Promise<void> {
      await model.updateMany({ childEmail: childEmail.toLowerCase() }, { $set: { unlinked: true, childEmail: '', parentEmail: '', approveGifts: false, monthlyGemCap: null } });
    },
    /**
     * After `authenticate`, for a learner's export part (`GET /learner-data/{email}`): the learner, an admin, or
     * the learner's linked parent; anyone else 403.
     */
    requireSelfAdminOrParent(param = 'email'): RequestHandler {
      return (req: Request, _res: Response, next: NextFunction) => {
        const email = String(req.params[param] ?? '').toLowerCase();
        if (req.auth.isAdmin || req.auth.email === email) return next();
        if (!req.auth.isParent) return next(AppError.forbidden());
        model
          .exists({ childEmail: email, parentEmail: req.auth.email, unlinked: false })
          .then((found) => next(found ? undefined : AppError.forbidden()), next);
      };
    },
    /**
     * After `authenticate`: 403 unless the caller is a parent; 404 "Child not found" unless the route's
     * `param` names a link of theirs (another parent's child is answered exactly like no child).
     */
    requireParentOf(param = 'linkId'): RequestHandler {
      return (req: Request, res: Response, next: NextFunction) => {
        if (!req.auth.isParent) return next(AppError.forbidden(PARENTS_ONLY));
        const linkId = linkIdSchema.safeParse(req.params[param]);
        if (!linkId.success) return next(AppError.notFound(CHILD_NOT_FOUND));
        ofParent(req.auth.email, linkId.data).then((link) => {
          if (!link) return next(AppError.notFound(CHILD_NOT_FOUND));
          res.locals.familyLink = link;
          next();
        }, next);
      };
    },
  };
}
