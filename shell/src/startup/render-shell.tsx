// Start-up, second part: React renders the layout; the router mounts the remotes where it says.
// The stylesheet and the prerendered first screen are in index.html (see webpack.config.js).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../App';
import { collectPrerendered } from '../remotes/prerendered';
import type { StartedPlatform } from './start-platform';

export function renderShell({ platform, loader, areas, bindNavigate }: StartedPlatform): void {
  // Noted before React's first commit replaces the prerendered page with the live layout.
  collectPrerendered();
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in small slices, so the first render never blocks input for long.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App platform={platform} loader={loader} areas={areas} bindNavigate={bindNavigate} />
      </StrictMode>,
    );
  });
}
