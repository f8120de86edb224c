// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createRemoteLifecycles } from '@kidslearn/kit/platform';
import { LearningRoot } from './app/LearningRoot';
import styles from './styles/learning.css';

export const { bootstrap, mount, unmount } = createRemoteLifecycles(LearningRoot, [styles]);
