// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createArea } from '@kidslearn/kit/platform';
import { familyArea } from './api/family-api';
import { FamilyRoutes } from './app/FamilyRoutes';
import styles from './styles/family.css';

export const { bootstrap, mount, unmount } = createArea({ area: familyArea, routes: FamilyRoutes, styles: [styles] });
