// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createArea } from '@kidslearn/kit/platform';
import { learningArea } from './api/learning-api';
import { LearningRoutes } from './app/LearningRoutes';
import styles from './styles/learning.css';

export const { bootstrap, mount, unmount } = createArea({ area: learningArea, routes: LearningRoutes, styles: [styles] });
