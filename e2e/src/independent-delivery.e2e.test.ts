// Issue 24: a new area, and a new version of one, go live without a shell release. The shell served here is the
// one built before (its files are checked to know nothing of mfe-family, and to be untouched at the end): only
// config.json gains the family area, and only mfe-public is rebuilt for a new first screen. What the journey
// changes (config.json, mfe-public's build) is put back when it ends.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { seriousA11yViolations } from './fixtures/axe';
import { cleanUpJourney } from './fixtures/cleanup';
import { createParent } from './fixtures/parent';
import { createLearner, DESKTOP, newPage, PHONE, signIn, type TestUser } from './fixtures/session';
import { PORTAL_URL, ROOT } from './portal';

const SHELL_DIST = path.join(ROOT, 'shell/dist');
const MANIFEST = path.join(SHELL_DIST, 'config.json');
const PUBLIC_DIR = path.join(ROOT, 'mfe-public');
const SCREENSHOTS = path.join(ROOT, 'e2e/.cache/screenshots');

interface Manifest {
  areas: { name: string }[];
}

let browser: Browser;
let learner: TestUser;
let parent: TestUser;
let servedManifest: string;

/** The shell's build: every file's name, size and modification time (the journey must leave it as it was). */
function shellBuild(): string[] {
  return readdirSync(SHELL_DIST)
    // Not config.json (data) nor the local runner's own stamp (.built-from).
    .filter((file) => file !== 'config.json' && !file.startsWith('.'))
    .map((file) => `${file}:${statSync(path.join(SHELL_DIST, file)).size}:${statSync(path.join(SHELL_DIST, file)).mtimeMs}`)
    .sort();
}

function writeManifest(change: (manifest: Manifest) => Manifest): void {
  writeFileSync(MANIFEST, JSON.stringify(change(JSON.parse(servedManifest) as Manifest), null, 2));
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

let shellBefore: string[];

beforeAll(async () => {
  [browser, learner, parent] = await Promise.all([launchBrowser(), createLearner(), createParent()]);
  servedManifest = readFileSync(MANIFEST, 'utf8');
  shellBefore = shellBuild();
});
afterAll(async () => {
  if (servedManifest) writeFileSync(MANIFEST, servedManifest);
  await browser?.close();
  await cleanUpJourney(learner, parent);
});

describe('independent delivery (issue 24)', () => {
  it('when the shell was built without any knowledge of mfe-family, then its files name no such area', () => {
    const code = readdirSync(SHELL_DIST)
      .filter((file) => /\.(js|html)$/.test(file))
      .map((file) => readFileSync(path.join(SHELL_DIST, file), 'utf8'))
      .join('\n');
    expect(code).toContain('remoteEntry'); // sanity: these are the shell's files
    expect(code).not.toMatch(/mfe_family|mfe-family|\/family\b/);
  });

  it('when config.json lacks the family area, then a parent sees no Family; when only config.json gains it, then the parent reaches /family and a learner is refused', async () => {
    writeManifest((manifest) => ({ ...manifest, areas: manifest.areas.filter((area) => area.name !== 'mfe_family') }));
    const page = await newPage(browser, DESKTOP);
    await signIn(page, parent, '/');
    await menu(page).getByRole('link', { name: 'Course Details' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Family' }).count()).toBe(0);
    await page.goto(`${PORTAL_URL}/family`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    // Only the manifest changes (the running shell, its build and its server are the same).
    writeManifest((manifest) => manifest);
    await page.goto(`${PORTAL_URL}/`);
    const family = menu(page).getByRole('link', { name: 'Family' });
    await family.click();
    await page.waitForURL(`${PORTAL_URL}/family`);
    await page.getByRole('heading', { level: 1, name: /^Welcome, Pat!$/ }).waitFor();
    // GET /family/children is not offered yet: the page shows that no child is linked.
    await page.getByText('No children linked yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Still there: the page stays mounted (the parent's role does not blink to unknown and back).
    expect(await page.getByText('No children linked yet').isVisible()).toBe(true);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'family-desktop.png'), fullPage: true });

    // A parent is refused the learners' and the admin's pages.
    await page.goto(`${PORTAL_URL}/gift`);
    await page.waitForURL(`${PORTAL_URL}/forbidden`);
    await page.context().close();

    const phone = await newPage(browser, PHONE);
    await signIn(phone, parent, '/');
    await phone.goto(`${PORTAL_URL}/family`);
    await phone.getByText('No children linked yet').waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    expect(await phone.getByText('No children linked yet').isVisible()).toBe(true);
    await phone.screenshot({ path: path.join(SCREENSHOTS, 'family-phone.png'), fullPage: true });
    await phone.context().close();

    const learnerPage = await newPage(browser, DESKTOP);
    await signIn(learnerPage, learner, '/');
    expect(await menu(learnerPage).getByRole('link', { name: 'Family' }).count()).toBe(0);
    await learnerPage.goto(`${PORTAL_URL}/family`);
    await learnerPage.waitForURL(`${PORTAL_URL}/forbidden`);
    await learnerPage.context().close();
  });

  it('when only mfe-public is rebuilt, then the first screen of / is the new build’s, with the shell untouched', async () => {
    const buildId = `e2e-${Date.now()}`;
    const fresh = path.join(PUBLIC_DIR, `.e2e-build-${buildId}`);
    const kept = path.join(PUBLIC_DIR, `.e2e-kept-${buildId}`);
    const dist = path.join(PUBLIC_DIR, 'dist');
    const before = await (await fetch(`${PORTAL_URL}/`)).text();
    expect(before).toContain('data-prerendered-remote="mfe_public"');
    expect(before).not.toContain(buildId);
    // Built beside the served one (the running remote keeps answering), then swapped in as a deploy would.
    await promisify(execFile)('npx', ['webpack', '--mode', 'production', '--output-path', fresh], { cwd: PUBLIC_DIR, env: { ...process.env, KIDSLEARN_BUILD_ID: buildId }, maxBuffer: 64 * 1024 * 1024 });
    renameSync(dist, kept);
    try {
      renameSync(fresh, dist);
      const after = await (await fetch(`${PORTAL_URL}/`)).text();
      expect(after).toContain(`data-build="${buildId}"`);
      const page = await newPage(browser, DESKTOP);
      await page.goto(`${PORTAL_URL}/`);
      await page.getByRole('heading', { name: 'Empowering students from small age towards vision' }).waitFor();
      await page.locator('.remote-area[aria-busy="false"]').waitFor();
      await page.context().close();
    } finally {
      rmSync(dist, { recursive: true, force: true });
      renameSync(kept, dist);
      rmSync(fresh, { recursive: true, force: true });
    }
    expect(existsSync(path.join(dist, 'remoteEntry.js'))).toBe(true);
    expect(await (await fetch(`${PORTAL_URL}/`)).text()).not.toContain(buildId);
    expect(shellBuild()).toEqual(shellBefore);
  });
});
