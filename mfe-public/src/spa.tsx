// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from '@kidslearn/shell';
import { PublicRoot } from './app/PublicRoot';
import styles from './styles/public.css';

declare const __webpack_public_path__: string;

function Root(props: RemoteProps) {
  return <PublicRoot {...props} contentBase={__webpack_public_path__} />;
}

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // The shell passes its own errorBoundary prop, so a crash shows the shell's fallback.
  suppressComponentDidCatchWarning: true,
});

export const bootstrap = lifecycles.bootstrap;
export const mount = async (props: RemoteProps) => {
  styles.use();
  // single-spa-react calls root.render synchronously: inside a transition the first render is
  // done in small slices instead of one long task.
  let mounted: Promise<unknown> = Promise.resolve();
  React.startTransition(() => {
    mounted = lifecycles.mount(props as never);
  });
  return mounted;
};
export const unmount = async (props: RemoteProps) => {
  await lifecycles.unmount(props as never);
  styles.unuse();
};
