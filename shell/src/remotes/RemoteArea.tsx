import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel, type ParcelProps } from 'single-spa';
import type { RemoteProps } from '@kidslearn/kit/platform';
import type { RemoteName } from '../config/runtime-config';
import { usePlatform, useRemoteLoader } from '../platform/contexts';
import { messages } from '../messages';
import { Spinner } from '@kidslearn/kit/ui';
import { RemoteFallback } from './RemoteFallback';
import { usePrerendered } from './usePrerendered';

type AreaState = 'loading' | 'ready' | 'failed';

/**
 * Mounts one remote as a single-spa parcel inside its own area. A remote that fails to load
 * (after the loader's retries) or throws while rendering shows a fallback here only. Markup
 * prerendered for the remote (see prerendered.ts) shows instead of the spinner until it mounts.
 */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const platform = usePlatform();
  const load = useRemoteLoader();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<AreaState>('loading');
  const [attempt, setAttempt] = useState(0);
  const prerendered = usePrerendered(remote, container);
  const dropPrerendered = prerendered.drop;

  useEffect(() => {
    let active = true;
    let parcel: Parcel | undefined;
    const fail = (error: unknown) => {
      console.error(`Remote ${remote} failed`, error);
      dropPrerendered();
      if (active) setState('failed');
    };
    setState('loading');
    load(remote)
      .then((lifecycles) => {
        if (!active || !container.current) return;
        const props: ParcelProps & RemoteProps & { errorBoundary: (error: unknown) => null } = {
          domElement: container.current,
          platform,
          // single-spa-react renders this when the remote throws; the fallback is drawn by the shell.
          errorBoundary: (error: unknown) => {
            setTimeout(() => fail(error));
            return null;
          },
        };
        parcel = mountRootParcel(lifecycles, props);
        return parcel.mountPromise.then(() => {
          dropPrerendered();
          if (active) setState((s) => (s === 'loading' ? 'ready' : s));
        });
      })
      .catch(fail);
    return () => {
      active = false;
      dropPrerendered();
      const mounted = parcel;
      if (mounted) void mounted.mountPromise.then(() => mounted.unmount()).catch(() => undefined);
    };
  }, [remote, attempt, load, platform, dropPrerendered]);

  return (
    <section className="remote-area" data-remote={remote} aria-busy={state === 'loading'}>
      {state === 'loading' && !prerendered.showing && <Spinner label={messages.remote.loading} />}
      {state === 'failed' && <RemoteFallback onRetry={() => setAttempt((n) => n + 1)} />}
      <div ref={container} hidden={state === 'failed'} />
    </section>
  );
}
