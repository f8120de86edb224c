import { AppError } from '@kidslearn/lib-core';
import type { ContentLearnerData, LearnerRecords, PeerLearnerData, UsersStore } from '../domain/ports';
import { messages } from '../messages';

export interface ExportLearnerDeps {
  users: Pick<UsersStore, 'findById'>;
  records: Pick<LearnerRecords, 'exportOf'>;
  peers: PeerLearnerData;
  /** The learner's identity account (Keycloak), as the export shows it. */
  accountOf: (email: string) => Promise<Record<string, unknown> | null>;
  now?: () => Date;
}

export interface LearnerExport {
  exportedAt: string;
  learner: { userId: string; email: string };
  account: Record<string, unknown> | null;
  content: ContentLearnerData;
  quiz: Record<string, unknown>;
  gems: Record<string, unknown>;
  gifts: Record<string, unknown>;
}

/**
 * GET /users/{userId}/export: everything every service holds about the learner, in one document. An admin,
 * or the learner themself (the caller's token is handed on, and each service checks it again). All or
 * nothing: a service that does not answer makes it fail rather than hand out a partial copy.
 */
export async function exportLearner(deps: ExportLearnerDeps, caller: { email: string; isAdmin: boolean; authorization: string }, userId: string): Promise<LearnerExport> {
  const user = await deps.users.findById(userId);
  if (!user) throw AppError.notFound(messages.user.notFound);
  if (!caller.isAdmin && user.email !== caller.email.toLowerCase()) throw AppError.forbidden();
  const { email } = user;
  const exportedAt = (deps.now?.() ?? new Date()).toISOString();
  const [account, content, quiz, gems, gifts] = await Promise.all([
    deps.accountOf(email),
    deps.records.exportOf(email),
    deps.peers('quiz', email, caller.authorization),
    deps.peers('gems', email, caller.authorization),
    deps.peers('gifts', email, caller.authorization),
  ]);
  return { exportedAt, learner: { userId, email }, account, content, quiz, gems, gifts };
}
