import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import type { RemoteName } from '../config/runtime-config';
import { claimPrerendered, discardPrerendered } from './prerendered';

/** A remote area's prerendered markup found in index.html, moved into the container before the layout's first paint. */
export function usePrerendered(remote: RemoteName, container: RefObject<HTMLDivElement | null>) {
  const [prerendered] = useState(() => claimPrerendered(remote));
  const [showing, setShowing] = useState(prerendered !== undefined);

  useLayoutEffect(() => {
    if (prerendered && container.current && prerendered.node.parentNode !== container.current) container.current.appendChild(prerendered.node);
  }, [prerendered, container]);

  /** Once the remote has mounted (its first render replaced the markup) or failed. */
  const drop = useCallback(() => {
    if (prerendered) discardPrerendered(prerendered);
    setShowing(false);
  }, [prerendered]);

  return { showing, drop };
}
