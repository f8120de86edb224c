const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://localhost:1080';

interface Mail {
  subject: string;
  to: { address: string }[];
  html?: string;
  text?: string;
}

/** Waits until maildev has received a mail for `address`. */
export async function waitForMailTo(address: string, timeoutMs = 20_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${MAILDEV_URL}/email`);
    if (res.ok) {
      const mails = (await res.json()) as Mail[];
      const mail = mails.find((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
      if (mail) return mail;
    }
    if (Date.now() > until) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Every mail maildev holds for `address`, oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${MAILDEV_URL}/email`);
  if (!res.ok) throw new Error(`maildev: ${res.status}`);
  const mails = (await res.json()) as Mail[];
  return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until maildev holds at least `count` mails for `address`; resolves with all of them, oldest first. */
export async function waitForMailsTo(address: string, count: number, timeoutMs = 20_000): Promise<Mail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`${mails.length} of ${count} mails to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The Keycloak action link (verify email, update password) of a mail. */
export function actionLinkOf(mail: Mail): string {
  const link = /href="([^"]*\/login-actions\/action-token[^"]*)"/.exec(mail.html ?? '')?.[1];
  if (!link) throw new Error(`no action link in "${mail.subject}"`);
  return link.replace(/&amp;/g, '&');
}
