import { CookieJar } from 'tough-cookie';
import { backendToken, KEYCLOAK, REALM_URL } from './support';

// Keycloak marks its cookies Secure; a browser treats http://localhost as a secure context, tough-cookie
// does not, so the jar sees localhost as https.
const asSecure = (url: string): string => url.replace(/^http:\/\/localhost/, 'https://localhost');

/** A tiny browser: follows redirects by hand, keeping cookies per realm path. */
async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<{ url: string; status: number; html: string }> {
  let current = url;
  let request = init;
  for (let hop = 0; hop < 15; hop += 1) {
    const cookie = await jar.getCookieString(asSecure(current));
    const response = await fetch(current, { ...request, redirect: 'manual', headers: { ...(request.headers as Record<string, string>), cookie } });
    for (const setCookie of response.headers.getSetCookie()) await jar.setCookie(setCookie, asSecure(current), { ignoreError: true });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, current).toString();
      // The portal itself is not needed: the authorization code in the redirect is the proof.
      if (current.startsWith('http://localhost:3000/')) return { url: current, status: response.status, html: '' };
      request = {};
      continue;
    }
    const html = await response.text();
    if (response.status >= 400) throw new Error(`${current} answered ${response.status}: ${html.replace(/\s+/g, ' ').slice(0, 600)}`);
    return { url: current, status: response.status, html };
  }
  throw new Error(`too many redirects from ${url}`);
}

const formAction = (html: string): string => {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  return match[1].replace(/&amp;/g, '&');
};

describe('login with Google (identity brokering to the local upstream realm)', () => {
  it('when the upstream Google user signs in through the broker, then KidsLearn returns an authorization code', async () => {
    const jar = new CookieJar();
    const params = new URLSearchParams({
      client_id: 'kidslearn-portal',
      redirect_uri: 'http://localhost:3000/',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      kc_idp_hint: 'google',
    });
    const upstreamLogin = await browse(jar, `${REALM_URL}/protocol/openid-connect/auth?${params}`);
    expect(upstreamLogin.url).toContain(`${KEYCLOAK}/realms/google-upstream/`);

    const body = new URLSearchParams({ username: 'google.learner@kidslearn.test', password: 'Google123', credentialId: '' });
    const back = await browse(jar, formAction(upstreamLogin.html), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });

    const redirect = new URL(back.url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('http://localhost:3000/');
    expect(redirect.searchParams.get('code')).toBeTruthy();

    // The first broker login trusted the upstream email and gave the default role.
    const headers = { authorization: `Bearer ${await backendToken()}` };
    const admin = `${KEYCLOAK}/admin/realms/kidslearn`;
    const [user] = (await (await fetch(`${admin}/users?email=google.learner@kidslearn.test&exact=true`, { headers })).json()) as Array<{ id: string; emailVerified: boolean }>;
    expect(user?.emailVerified).toBe(true);
    const roles = (await (await fetch(`${admin}/users/${user?.id}/role-mappings/realm/composite`, { headers })).json()) as Array<{ name: string }>;
    expect(roles.map((role) => role.name)).toContain('user');
  });
});
