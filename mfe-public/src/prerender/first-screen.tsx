// Build-time markup of the home page's first screen: the hero as it shows while the session is being
// checked (the Enroll button's room held). This remote's build publishes it with its stylesheet as
// first-screen.html (webpack.config.js); where the portal page is served it goes into index.html, so `/`
// paints before any JavaScript has run; the shell hands the markup to this remote's area, and this remote's
// first render replaces it (React clears its container), looking the same. Its test keeps it equal to the
// live page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AppStore } from '@kidslearn/kit/platform';
import { Hero } from '../features/home/Hero';
import { publicArea } from '../api/public-api';

/** Just what the hero reads: a session still being checked. */
const checkingSession = {
  getState: () => ({ session: { status: 'loading', user: null } }),
  subscribe: () => () => undefined,
  dispatch: (action: unknown) => action,
} as unknown as AppStore;

/** The hero in the same wrappers as the area's root (its Frame, .kl-public) and HomePage (.pub-home). */
export function HomeFirstScreen() {
  return (
    <publicArea.Frame>
      <div className="pub-home">
        <Hero />
      </div>
    </publicArea.Frame>
  );
}

export function renderHomeFirstScreen(): { html: string; css: string } {
  const html = renderToStaticMarkup(
    <Provider store={checkingSession}>
      <MemoryRouter>
        <HomeFirstScreen />
      </MemoryRouter>
    </Provider>,
  );
  const css = readFileSync(path.join(__dirname, '../styles/public.css'), 'utf8');
  return { html, css };
}
