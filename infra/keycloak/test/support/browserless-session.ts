// A tiny cookie-keeping HTTP session for walking Keycloak's login pages without a browser.
// Keycloak ties every form post to its auth-session cookies, so they must travel with each request.

export interface Page {
  url: string;
  status: number;
  html: string;
}

const MAX_REDIRECTS = 10;

export class BrowserlessSession {
  private readonly cookies = new Map<string, string>();
  private lastUrl: string | undefined;

  async get(url: string): Promise<Page> {
    return this.send(url, { method: 'GET' });
  }

  async postForm(url: string, fields: Record<string, string>): Promise<Page> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  private async send(url: string, init: RequestInit): Promise<Page> {
    // Keycloak writes some links relative to the site (e.g. the reset-credentials link).
    let current = new URL(url, this.lastUrl).toString();
    let request = init;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const response = await fetch(current, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string> | undefined), cookie: this.cookieHeader() },
      });
      this.keepCookies(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).toString();
        request = { method: 'GET' };
        continue;
      }
      this.lastUrl = current;
      return { url: current, status: response.status, html: await response.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
