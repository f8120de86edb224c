// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createArea } from '@kidslearn/kit/platform';
import { rewardsArea } from './api/rewards-api';
import { RewardsRoutes } from './app/RewardsRoutes';
import styles from './styles/rewards.css';

export const { bootstrap, mount, unmount } = createArea({ area: rewardsArea, routes: RewardsRoutes, styles: [styles] });
