// Renders the KidsLearn login theme pages and mails to PNG files for a visual check.
// Usage: npx tsx infra/keycloak/themes-tools/screenshots.ts [outDir]
// Needs a running Keycloak with realm kidslearn (KEYCLOAK_URL) and maildev (MAILDEV_URL).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

const keycloakUrl = process.env.KEYCLOAK_URL ?? 'http://localhost:8080';
const maildevUrl = process.env.MAILDEV_URL ?? 'http://localhost:1080';
const learner = process.env.LEARNER_EMAIL ?? 'learner@kidslearn.test';
const unverified = process.env.UNVERIFIED_EMAIL;
const unverifiedPassword = process.env.UNVERIFIED_PASSWORD;
const outDir = process.argv[2] ?? '/tmp/kidslearn-theme-shots';

const authUrl =
  `${keycloakUrl}/realms/kidslearn/protocol/openid-connect/auth?client_id=kidslearn-portal&response_type=code` +
  '&redirect_uri=http://localhost:3000/&scope=openid' +
  '&code_challenge=abc12345678901234567890123456789012345678901&code_challenge_method=S256';

interface MaildevMail {
  subject: string;
  html?: string;
  to: { address: string }[];
}

async function shot(page: Page, name: string): Promise<void> {
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log('wrote', path);
}

async function latestResetLink(address: string): Promise<string | undefined> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const list = (await (await fetch(`${maildevUrl}/email`)).json()) as MaildevMail[];
  const mail = list.filter((m) => m.to.some((to) => to.address === address) && m.html?.includes('action-token')).at(-1);
  return /href="([^"]*login-actions\/action-token[^"]*)"/.exec(mail?.html ?? '')?.[1]?.replace(/&amp;/g, '&');
}

async function pages(browser: Browser, width: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  const page = await context.newPage();
  const tag = `${width}`;

  await page.goto(authUrl);
  await shot(page, `${tag}-01-login`);

  await page.fill('#username', learner);
  await page.fill('#password', 'WrongPassword1');
  await page.click('[data-password-toggle]');
  await page.click('#kc-login');
  await page.waitForSelector('#input-error');
  await shot(page, `${tag}-02-login-wrong-password`);

  await page.click('#kc-forgot-password');
  await shot(page, `${tag}-03-forgot`);
  await page.fill('#username', '');
  await page.click('#kc-reset-submit');
  await page.waitForSelector('#input-error-username');
  await shot(page, `${tag}-04-forgot-empty`);
  await page.fill('#username', learner);
  await page.click('#kc-reset-submit');
  await page.waitForSelector('.kl-alert--success');
  await shot(page, `${tag}-05-forgot-sent`);

  // Follow the reset link from the mail, then try a weak password (never saved).
  const link = await latestResetLink(learner);
  if (link) {
    await page.goto(link);
    await page.waitForSelector('#kc-passwd-update-form');
    await shot(page, `${tag}-07-new-password`);
    await page.fill('#password-new', 'weakpass');
    await page.fill('#password-confirm', 'weakpass');
    await page.click('#kc-passwd-update-form button[name="login"]');
    await page.waitForSelector('.kl-alert--error');
    await shot(page, `${tag}-08-new-password-weak`);
  }

  if (unverified && unverifiedPassword) {
    await page.goto(authUrl);
    await page.fill('#username', unverified);
    await page.fill('#password', unverifiedPassword);
    await page.click('#kc-login');
    await page.waitForSelector('#kc-resend-verification');
    await shot(page, `${tag}-06-verify-email`);
  }
  await context.close();
}

async function mails(browser: Browser): Promise<void> {
  const list = (await (await fetch(`${maildevUrl}/email`)).json()) as MaildevMail[];
  const page = await browser.newPage({ viewport: { width: 700, height: 900 } });
  const latest = new Map<string, MaildevMail>();
  for (const mail of list) latest.set(mail.subject, mail);
  let i = 0;
  for (const [subject, mail] of latest) {
    if (!mail.html) continue;
    await page.setContent(mail.html);
    await shot(page, `mail-${++i}-${subject.replace(/\W+/g, '-').toLowerCase()}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [subject, mail] of latest) {
    if (!mail.html) continue;
    await page.setContent(mail.html);
    await shot(page, `mail-390-${subject.replace(/\W+/g, '-').toLowerCase()}`);
    break;
  }
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const width of [390, 1280]) await pages(browser, width);
    await mails(browser);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
