// Guards the KidsLearn Keycloak theme against the real running Keycloak (realm kidslearn) and maildev:
// the SPEC §2 'Welcome back' screen, its errors (§5/§8), the password rule and the branded mails.
import { chromium } from 'playwright-core';
import { BrowserlessSession } from './support/browserless-session';
import { elementText, formAction, linkHref, textOf } from './support/html';
import { authUrl, createUser, keycloakUrl, portalUrl, waitForMail } from './support/keycloak-env';
import type { TempUser } from './support/keycloak-env';

const PASSWORD_RULE = 'Password must contain one Upperletter one Lowerletter and a digit';

describe('KidsLearn login theme', () => {
  let unverified: TempUser;
  let verified: TempUser;

  beforeAll(async () => {
    unverified = await createUser({ emailVerified: false });
    verified = await createUser({ emailVerified: true });
  });

  afterAll(async () => {
    await unverified?.remove();
    await verified?.remove();
  });

  it("when the portal starts a login, then Keycloak shows the 'Welcome back' screen of SPEC §2", async () => {
    const page = await new BrowserlessSession().get(authUrl());

    expect(page.status).toBe(200);
    const html = page.html;
    expect(elementText(html, 'kc-page-title')).toBe('Welcome back');
    expect(html).toMatch(/<label for="username"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<label for="password"[^>]*>Password<\/label>/);
    expect(html).toMatch(/<button type="button"[^>]*data-password-toggle\s[^>]*aria-controls="password" aria-pressed="false" aria-label="Show password"/);
    expect(elementText(html, 'kc-forgot-password')).toBe('Forget Password?');
    expect(elementText(html, 'kc-login')).toBe('Login');
    expect(html).toContain(`href="${portalUrl}/authentication/registration"`);
    expect(textOf(html)).toContain('OR');
    expect(elementText(html, 'social-google')).toBe('Login with Google');
    expect(linkHref(html, 'social-google')).toContain(`/realms/kidslearn/broker/google/login`);
    expect(html).toContain('/login/kidslearn/css/kidslearn.css');
  });

  it('when the login page loads, then it pulls nothing from outside Keycloak (no CDN, no web fonts)', async () => {
    const { html } = await new BrowserlessSession().get(authUrl());

    const absolute = [...html.matchAll(/(?:src|href)="(https?:\/\/[^"]+)"/g)].map((m) => m[1] ?? '');
    const foreign = absolute.filter((url) => !url.startsWith(keycloakUrl) && !url.startsWith(portalUrl));
    expect(foreign).toEqual([]);
    expect(html).not.toMatch(/@import|fonts\.googleapis|cdn\./);
  });

  it("when the password is wrong, then the inline red error line shows the provider's message", async () => {
    const session = new BrowserlessSession();
    const login = await session.get(authUrl());

    const answer = await session.postForm(formAction(login.html, 'kc-form-login'), {
      username: 'nobody-here@kidslearn.test',
      password: 'NotMyPassword1',
      credentialId: '',
    });

    expect(elementText(answer.html, 'input-error')).toBe('! Invalid email or password.');
    expect(answer.html).toMatch(/<p id="input-error" class="kl-error" role="alert">/);
    expect(answer.html).toMatch(/id="password"[^>]*aria-invalid="true"/);
  });

  it("when Forget Password? is sent without an email, then it says 'Enter your email'", async () => {
    const session = new BrowserlessSession();
    const login = await session.get(authUrl());
    const forgot = await session.get(linkHref(login.html, 'kc-forgot-password'));
    expect(elementText(forgot.html, 'kc-page-title')).toBe('Forget Password?');

    const answer = await session.postForm(formAction(forgot.html, 'kc-reset-password-form'), { username: '' });

    expect(elementText(answer.html, 'input-error-username')).toBe('! Enter your email');
  });

  it("when an unverified learner logs in, then the page says 'Please verify your email before logging in.' and a branded mail arrives", async () => {
    const session = new BrowserlessSession();
    const login = await session.get(authUrl());

    const answer = await session.postForm(formAction(login.html, 'kc-form-login'), {
      username: unverified.email,
      password: unverified.password,
      credentialId: '',
    });

    expect(textOf(answer.html)).toContain('Please verify your email before logging in.');
    expect(answer.html).toContain('id="kc-resend-verification"');
    const mail = await waitForMail(unverified.email, 'Please verify your email for KidsLearn');
    expect(mail.html).toContain('Verify my email');
    expect(mail.html).toContain('#6C3CE1');
    expect(mail.html).toContain(`${keycloakUrl}/realms/kidslearn/login-actions/action-token`);
    expect(mail.text).toContain('Welcome to KidsLearn!');
  });

  it('when the verification link is opened in another browser, then it ends on our page saying the email is verified, with a Login button to the portal', async () => {
    const child = await createUser({ emailVerified: false });
    try {
      const session = new BrowserlessSession();
      const login = await session.get(authUrl());
      await session.postForm(formAction(login.html, 'kc-form-login'), { username: child.email, password: child.password, credentialId: '' });
      const mail = await waitForMail(child.email, 'Please verify your email for KidsLearn');
      const link = /href="([^"]*login-actions\/action-token[^"]*)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
      expect(link).toBeDefined();

      // A fresh session (the mail app's browser): Keycloak first asks to confirm, then says it is done.
      const elsewhere = new BrowserlessSession();
      const confirm = await elsewhere.get(link!);
      const proceed = /<a [^>]*kl-btn[^>]*href="([^"]*)"/.exec(confirm.html)?.[1]?.replace(/&amp;/g, '&');
      const done = await elsewhere.get(proceed!);
      expect(textOf(done.html)).toContain('Email verified!');
      expect(textOf(done.html)).toContain('Your email is verified. You are ready to learn!');
      expect(elementText(done.html, 'kl-verified-login')).toBe('Login');
      expect(done.html).toContain(`id="kl-verified-login" class="kl-btn kl-btn--primary kl-btn--block" href="${portalUrl}/authentication"`);
      expect(done.html).not.toContain('/account');
    } finally {
      await child.remove();
    }
  });

  it("when Forget Password? is sent with an email, then SPEC §8's sentence shows, a branded mail arrives and a weak new password gets the SPEC §5 rule", async () => {
    const session = new BrowserlessSession();
    const login = await session.get(authUrl());
    const forgot = await session.get(linkHref(login.html, 'kc-forgot-password'));

    const sent = await session.postForm(formAction(forgot.html, 'kc-reset-password-form'), { username: verified.email });

    expect(textOf(sent.html)).toContain('Check your email a verification code has send to your email');
    const mail = await waitForMail(verified.email, 'Make a new KidsLearn password');
    expect(mail.html).toContain('Make a new password');
    expect(mail.text).toContain('Make a new password');
    const link = /href="([^"]*login-actions\/action-token[^"]*)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeDefined();

    const update = await session.get(link ?? '');
    const weak = await session.postForm(formAction(update.html, 'kc-passwd-update-form'), {
      'password-new': 'weakpass',
      'password-confirm': 'weakpass',
    });

    // Keycloak reports policy failures on this page as the page's error line, not per field.
    expect(weak.html).toMatch(/class="kl-alert kl-alert--error" role="alert"/);
    expect(textOf(weak.html)).toContain(PASSWORD_RULE);
  });

  it('when the show-password button is pressed, then the password shows and the button says it is pressed', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(authUrl());
      await page.fill('#password', 'Secret123');
      const toggle = page.locator('[data-password-toggle][aria-controls="password"]');

      await toggle.click();

      expect(await page.getAttribute('#password', 'type')).toBe('text');
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await toggle.getAttribute('aria-label')).toBe('Hide password');
      await toggle.click();
      expect(await page.getAttribute('#password', 'type')).toBe('password');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    } finally {
      await browser.close();
    }
  });
});
