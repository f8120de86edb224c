// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createArea } from '@kidslearn/kit/platform';
import { publicArea } from './api/public-api';
import { PublicRoutes } from './app/PublicRoutes';
import styles from './styles/public.css';

export const { bootstrap, mount, unmount } = createArea({ area: publicArea, routes: PublicRoutes, styles: [styles] });
