import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '@kidslearn/kit/platform';
import { injectLearningApi } from '../api/learning-api';
import { LearningApiContext } from './context';
import { LearningRoutes } from './LearningRoutes';

/** The learner area's root; every rule of its stylesheet lives under .kl-learning. */
export function LearningRoot({ platform }: RemoteProps) {
  const api = useMemo(() => injectLearningApi(platform.api), [platform]);
  return (
    <LearningApiContext.Provider value={api}>
      <BrowserRouter>
        <div className="kl-learning">
          <LearningRoutes />
        </div>
      </BrowserRouter>
    </LearningApiContext.Provider>
  );
}
