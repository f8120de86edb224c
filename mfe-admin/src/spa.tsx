// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import { createRemoteLifecycles } from '@kidslearn/kit/platform';
import { AdminRoot } from './app/AdminRoot';
import styles from './styles/admin.css';

export const { bootstrap, mount, unmount } = createRemoteLifecycles(AdminRoot, [styles]);
