import { preconnect } from './preconnect';

describe('connection hints', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('when the gateway and Keycloak live elsewhere, then one preconnect per origin is added (CORS for the gateway)', () => {
    preconnect([
      { href: 'http://localhost:4000', crossOrigin: true },
      { href: 'http://localhost:8080/realms/kidslearn', crossOrigin: false },
    ]);
    const links = [...document.head.querySelectorAll('link[rel="preconnect"]')];
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')])).toEqual([
      ['http://localhost:4000', 'anonymous'],
      ['http://localhost:8080', null],
    ]);
  });

  it('when a service shares the page origin, then no hint is added for it', () => {
    preconnect([{ href: '/api', crossOrigin: true }]);
    expect(document.head.querySelector('link')).toBeNull();
  });
});
