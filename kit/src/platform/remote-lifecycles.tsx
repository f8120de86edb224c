// A remote's single-spa lifecycles in one call: its root gets the platform (PlatformProvider, the store),
// its lazy styles are added on mount and removed on unmount, and the first render runs as a transition.
import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { PlatformProvider } from './PlatformProvider';
import type { RemoteProps } from './types';

/** A style-loader `lazyStyleTag` module. */
export interface LazyStyles {
  use(): void;
  unuse(): void;
}

export function createRemoteLifecycles(Root: ComponentType<RemoteProps>, styles: LazyStyles[] = []) {
  function RemoteRoot(props: RemoteProps) {
    return (
      <PlatformProvider platform={props.platform}>
        <Root platform={props.platform} />
      </PlatformProvider>
    );
  }
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    // The shell passes its own errorBoundary prop, so a crash shows the shell's fallback.
    suppressComponentDidCatchWarning: true,
  });
  return {
    bootstrap: lifecycles.bootstrap,
    mount: async (props: RemoteProps) => {
      for (const style of styles) style.use();
      // single-spa-react renders synchronously: inside a transition the first render is sliced.
      let mounted: Promise<unknown> = Promise.resolve();
      React.startTransition(() => {
        mounted = lifecycles.mount(props as never);
      });
      return mounted;
    },
    unmount: async (props: RemoteProps) => {
      await lifecycles.unmount(props as never);
      for (const style of styles) style.unuse();
    },
  };
}
