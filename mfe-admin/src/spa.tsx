// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createArea } from '@kidslearn/kit/platform';
import { adminArea } from './api/admin-api';
import { AdminRoutes } from './app/AdminRoutes';
import styles from './styles/admin.css';

export const { bootstrap, mount, unmount } = createArea({ area: adminArea, routes: AdminRoutes, styles: [styles] });
