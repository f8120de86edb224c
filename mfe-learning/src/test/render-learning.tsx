import { renderWithPlatform, type PlatformSetup } from '@kidslearn/kit/testing';
import { injectLearningApi } from '../api/learning-api';
import { LearningApiContext } from '../app/context';
import { LearningRoutes } from '../app/LearningRoutes';

/** Renders the learner area at `path` on the kit's test platform (a fake gateway, a signed-in learner). */
export function renderLearning(path: string, setup: PlatformSetup = {}) {
  return renderWithPlatform(
    (platform) => (
      <LearningApiContext.Provider value={injectLearningApi(platform.api)}>
        <LearningRoutes />
      </LearningApiContext.Provider>
    ),
    { session: 'learner', ...setup, path },
  );
}
