// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import type { RemoteProps } from '@kidslearn/kit/platform';
import { createRemoteLifecycles } from '@kidslearn/kit/platform';
import { PublicRoot } from './app/PublicRoot';
import styles from './styles/public.css';

declare const __webpack_public_path__: string;

function Root(props: RemoteProps) {
  return <PublicRoot {...props} contentBase={__webpack_public_path__} />;
}

export const { bootstrap, mount, unmount } = createRemoteLifecycles(Root, [styles]);
