/**
 * Warms up connections the page will need once its code has run: the gateway (fetch, CORS) and Keycloak
 * (the session check's iframes). Their addresses come from config.json, so the hints are added then.
 */
export function preconnect(urls: { href: string; crossOrigin: boolean }[], doc: Document = document): void {
  for (const { href, crossOrigin } of urls) {
    const origin = new URL(href, doc.baseURI).origin;
    if (origin === new URL(doc.baseURI).origin) continue;
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    if (crossOrigin) link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
}
