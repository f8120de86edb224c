import { renderArea, type PlatformSetup } from '@kidslearn/kit/testing';
import { learningArea } from '../api/learning-api';
import { LearningRoutes } from '../app/LearningRoutes';

/** Renders the learning area at `path` on the kit's test platform (a fake gateway, a signed-in learner). */
export function renderLearning(path: string, setup: PlatformSetup = {}) {
  return renderArea(learningArea, LearningRoutes, { session: 'learner', ...setup, path });
}
