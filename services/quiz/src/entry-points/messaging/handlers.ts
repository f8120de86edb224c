import type { EventHandlers } from '@kidslearn/lib-events';
import type { AnswerKeyStore, DisplayNameStore } from '../../domain/ports';
import { eraseLearner, type EraseLearnerDeps } from '../../use-cases/erase-learner';
import { recordCredit, type RecordCreditDeps } from '../../use-cases/record-credit';

export interface QuizHandlerDeps extends RecordCreditDeps, EraseLearnerDeps {
  answerKeys: AnswerKeyStore;
  displayNames: DisplayNameStore;
  /** Runs a write about a learner unless the learner was erased after `originatedAt` (lib-mongo writeUnlessErased). */
  unlessErased(email: string, originatedAt: string, write: () => Promise<unknown>): Promise<boolean>;
  /** A name changed: the standings that show it are served afresh. */
  /** A learner's display name changed: drop the cached standings that show it. */
  namesChanged(email: string): Promise<void>;
  /** family.linked / family.unlinked as the links kit keeps them (lib-service createFamilyLinks().handlers). */
  linkHandlers: Required<Pick<EventHandlers, 'family.linked' | 'family.unlinked'>>;
  /** A link was kept: with PARENT_CONSENT=required the standings rank other learners now. */
  consentChanged(): Promise<void>;
}

/** quiz's consumers. Data that does not parse is poison (lib-events); any other failure is retried. */
export function quizHandlers(deps: QuizHandlerDeps): EventHandlers {
  return {
    // Idempotent by value: a redelivery (or a re-announcement) writes the same key and explanations.
    'lesson.created': async ({ data }) => {
      await deps.answerKeys.save(data.lessonId, data.lessonHeading, data.answerKey, data.explanations);
    },
    // Idempotent: the lesson stays deleted (a tombstone), attempts and standings rows already recorded stay.
    'lesson.deleted': async ({ data }) => {
      await deps.answerKeys.markDeleted(data.lessonId);
    },
    'gems.credited': async ({ data }) => {
      await recordCredit(deps, data);
    },
    // The name content's user record holds, for the standings (never one of an erased learner).
    'user.profile.changed': async (event) => {
      const { email, name } = event.data;
      let changed = false;
      await deps.unlessErased(email, event.occurredAt, async () => (changed = await deps.displayNames.apply(email, name, new Date(event.occurredAt))));
      if (changed) await deps.namesChanged(email);
    },
    // Families (issue 24): the service's copy of the links (redeliveries and older versions change nothing).
    'family.linked': async (event, ctx) => {
      await deps.linkHandlers['family.linked'](event, ctx);
      await deps.consentChanged();
    },
    'family.unlinked': async (event, ctx) => {
      await deps.linkHandlers['family.unlinked'](event, ctx);
      await deps.consentChanged();
    },
    'learner.erased': async (event) => {
      await eraseLearner(deps, event.data.email, new Date(event.occurredAt));
    },
  };
}
