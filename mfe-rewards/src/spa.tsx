// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createRemoteLifecycles } from '@kidslearn/kit/platform';
import { RewardsRoot } from './app/RewardsRoot';
import styles from './styles/rewards.css';

export const { bootstrap, mount, unmount } = createRemoteLifecycles(RewardsRoot, [styles]);
