// The remote's one public entry: single-spa lifecycles, mounted by the shell as a parcel.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from '@kidslearn/shell';
import { Placeholder } from './app/Placeholder';
import styles from './styles/admin.css';

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: Placeholder,
  // The shell passes its own errorBoundary prop, so a crash shows the shell's fallback.
  suppressComponentDidCatchWarning: true,
});

export const bootstrap = lifecycles.bootstrap;
export const mount = async (props: RemoteProps) => {
  styles.use();
  return lifecycles.mount(props as never);
};
export const unmount = async (props: RemoteProps) => {
  await lifecycles.unmount(props as never);
  styles.unuse();
};
