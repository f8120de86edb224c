// Build-time markup of the layout for `/` with the session being checked: the same components the browser
// renders, so the swap to the live page moves nothing. The shell knows no area here: the area's place and
// the menu hold markers that the server fills where the page is served (the first screen an area's build
// publishes, the visitor's menu from config.json; infra/local/src/first-screen.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { createPlatform } from '../platform/create-platform';
import { PlatformProvider } from '@kidslearn/kit/platform';
import type { AuthClient } from '@kidslearn/kit/platform';
import { createAreas } from '../areas/areas';
import { AreasContext } from '../areas/AreasContext';
import { Layout } from '../layout/Layout';

export interface FirstScreenMarkers {
  area: string;
  menu: string;
}

const noAuth: AuthClient = { login: async () => undefined, logout: async () => undefined, getToken: async () => undefined, refreshToken: async () => undefined };
const noAreas = createAreas({ areas: [] });
const EMPTY_MENU = '<ul class="menu menu-wide"></ul>';

/** Where the area that owns `/` shows: a remote area still loading, its first screen inside. */
function FirstScreenSlot({ marker }: { marker: string }) {
  return (
    <section className="remote-area" aria-busy="true">
      <div dangerouslySetInnerHTML={{ __html: marker }} />
    </section>
  );
}

function HomeLayout({ marker }: { marker: string }) {
  return useRoutes([{ path: '/', element: <Layout />, children: [{ index: true, element: <FirstScreenSlot marker={marker} /> }] }]);
}

export function renderFirstScreen(markers: FirstScreenMarkers): string {
  const { platform } = createPlatform({ gatewayUrl: 'http://prerender.invalid', createAuth: () => noAuth });
  const html = renderToStaticMarkup(
    <PlatformProvider platform={platform}>
      <AreasContext.Provider value={noAreas}>
        <MemoryRouter initialEntries={['/']}>
          <HomeLayout marker={markers.area} />
        </MemoryRouter>
      </AreasContext.Provider>
    </PlatformProvider>,
  );
  if (!html.includes(EMPTY_MENU)) throw new Error('prerender: the navbar has no empty wide menu to put the menu marker in');
  return html.replace(EMPTY_MENU, `<ul class="menu menu-wide">${markers.menu}</ul>`);
}
