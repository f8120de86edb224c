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
