// A remote's first screen can come prerendered in index.html: the static server puts the fragment the remote's
// build published (mfe-public's first-screen.html) into the page, so `/` paints before any JavaScript has run.
// The remote's area adopts that markup until the remote renders; the remote's first render then replaces it in
// one commit (React clears a root's container when it first renders into it), so nothing flickers or moves.
import type { RemoteName } from '../config/runtime-config';

export const PRERENDERED_ATTRIBUTE = 'data-prerendered-remote';
export const PRERENDERED_STYLE_ATTRIBUTE = 'data-prerendered-remote-style';

export interface Prerendered {
  node: Element;
  /** The remote's stylesheet, inlined for the first paint; its own copy takes over when it mounts. */
  style: Element | null;
}

const found = new Map<string, Prerendered>();

/** Takes note of the prerendered markup before React replaces the page's HTML with the layout. */
export function collectPrerendered(doc: Document = document): void {
  for (const node of doc.querySelectorAll(`[${PRERENDERED_ATTRIBUTE}]`)) {
    const remote = node.getAttribute(PRERENDERED_ATTRIBUTE) ?? '';
    found.set(remote, { node, style: doc.querySelector(`[${PRERENDERED_STYLE_ATTRIBUTE}="${remote}"]`) });
  }
}

/** The prerendered markup of a remote, handed out once. */
export function claimPrerendered(remote: RemoteName): Prerendered | undefined {
  const prerendered = found.get(remote);
  found.delete(remote);
  return prerendered;
}

export function discardPrerendered(prerendered: Prerendered): void {
  prerendered.node.remove();
  prerendered.style?.remove();
}
