import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createArea, defineArea } from './area';
import { injectAreaEndpoints } from './area-endpoints';
import type { GatewayApi } from './gateway-api';
import { createTestPlatform, renderArea } from '../testing';

const injectHello = (api: GatewayApi) => injectAreaEndpoints(api, 'hello', (build) => ({ helloGreeting: build.query<{ text: string }, void>({ query: () => '/hello' }) }));
const helloArea = defineArea('hello', injectHello);

function Greeting() {
  const api = helloArea.useApi();
  const { baseUrl } = helloArea.useArea();
  const greeting = api.useHelloGreetingQuery();
  return (
    <p>
      {greeting.data?.text ?? '…'} from {baseUrl}
    </p>
  );
}

function HelloRoutes() {
  return (
    <Routes>
      <Route path="/hello" element={<Greeting />} />
    </Routes>
  );
}

describe('an area in a few lines (defineArea, createArea)', () => {
  it('when a feature reads the area, then it gets the area’s endpoints and its own files’ base URL', async () => {
    renderArea(helloArea, HelloRoutes, { path: '/hello', baseUrl: 'http://hello.test/', gateway: (req) => (req.url === '/hello' ? { status: 200, body: { text: 'Hi' } } : { status: 404 }) });
    expect(await screen.findByText('Hi from http://hello.test/')).toBeInTheDocument();
  });

  it('when a feature renders outside its area, then it says which area is missing', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderArea(defineArea('other', injectHello), HelloRoutes, { path: '/hello' })).toThrow("The hello area's context is missing");
    jest.restoreAllMocks();
  });

  it('when the remote is mounted, then its pages render in its style scope, its styles come and go with it', async () => {
    window.history.pushState({}, '', '/hello');
    const styles = { use: jest.fn(), unuse: jest.fn() };
    const lifecycles = createArea({ area: helloArea, routes: HelloRoutes, styles: [styles] });
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const { platform } = createTestPlatform({ gateway: (req) => (req.url === '/hello' ? { status: 200, body: { text: 'Hello' } } : { status: 404 }) });
    const props = { name: 'mfe_hello', domElement, platform, singleSpa: {}, mountParcel: jest.fn() } as never;
    await lifecycles.bootstrap(props);
    // Not awaited inside act: the mount settles once React has rendered, which act only lets happen after it.
    let mounted: Promise<unknown> = Promise.resolve();
    act(() => {
      mounted = lifecycles.mount(props);
    });
    await mounted;
    expect(await screen.findByText(/^Hello from/)).toBeInTheDocument();
    expect(domElement.querySelector('.kl-hello p')).not.toBeNull();
    expect(styles.use).toHaveBeenCalledTimes(1);
    let unmounted: Promise<unknown> = Promise.resolve();
    act(() => {
      unmounted = lifecycles.unmount(props);
    });
    await unmounted;
    expect(styles.unuse).toHaveBeenCalledTimes(1);
    expect(domElement.textContent).toBe('');
  });
});
