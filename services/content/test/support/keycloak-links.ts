// Follows a Keycloak action link as the mailbox's owner would in a fresh browser: Keycloak first asks to
// confirm ("Click here to proceed") when the link opens outside the session that asked for it.

/** Opens the verification link with its own cookie jar; resolves once Keycloak says the address is verified. */
export async function followVerificationLink(link: string): Promise<void> {
  const cookies = new Map<string, string>();
  const get = async (url: string): Promise<{ status: number; body: string; location: string | null }> => {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: res.status, body: await res.text(), location: res.headers.get('location') };
  };
  let url: string | null = link;
  for (let hop = 0; url && hop < 6; hop++) {
    const page = await get(url);
    if (page.status >= 300 && page.status < 400) {
      url = page.location ? new URL(page.location, url).toString() : null;
      continue;
    }
    if (page.status !== 200) throw new Error(`verification link: ${page.status}`);
    const proceed = /href="([^"]*login-actions\/action-token[^"]*)"/.exec(page.body)?.[1];
    if (!proceed) return;
    url = new URL(proceed.replace(/&amp;/g, '&'), url).toString();
  }
}
