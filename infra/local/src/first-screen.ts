// The portal page's first screen, put together where the page is served (the local static server; in images
// infra/docker/shell-config.sh does the same): the shell's build leaves markers in index.html, the area that
// owns `/` publishes its prerendered first screen as a file beside its remoteEntry.js (mfe-public's build
// writes first-screen.html), and the menu a visitor sees comes from the runtime manifest. So a changed hero
// ships with mfe-public alone, and a new area's menu entry with config.json alone.
// No Node imports: the shell's and mfe-public's builds read the markers and the format from here too.

/** The file an area's build publishes beside its remoteEntry.js. */
export const FIRST_SCREEN_FILE = 'first-screen.html';

/** Where index.html takes the parts (HTML comments its build keeps, harmless when nothing fills them). */
export const MARKERS = {
  style: '<!--kidslearn:first-screen-style-->',
  area: '<!--kidslearn:first-screen-->',
  menu: '<!--kidslearn:menu-->',
} as const;

/** CSP sources (`'sha256-…'`) of inline scripts and styles (see security-headers.ts). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

export interface FirstScreen {
  /** `<style>` elements: into the page's head. */
  style: string;
  /** The area's markup: into its place in the layout. */
  markup: string;
  /** What the page's Content-Security-Policy must allow for `style` and `markup`, computed by the area's build. */
  hashes: InlineHashes;
}

const HEADER = /^<!--kidslearn-first-screen\n([\s\S]*?)\n-->\n/;

/**
 * The file: a comment with the hashes (the lines of csp-inline-hashes.txt), then one line of `<style>`
 * elements, then the markup. Line-based, so a shell script can read it too.
 */
export function formatFirstScreen(screen: FirstScreen): string {
  if (screen.style.includes('\n') || !/^(<style\b[^>]*>[^<]*<\/style>)*$/.test(screen.style)) throw new Error('first screen: the style part must be <style> elements on one line');
  return `<!--kidslearn-first-screen\nscript-src ${screen.hashes.scripts.join(' ')}\nstyle-src ${screen.hashes.styles.join(' ')}\n-->\n${screen.style}\n${screen.markup}\n`;
}

/** The parts of a first-screen file; undefined when the text is not one. */
export function parseFirstScreen(text: string): FirstScreen | undefined {
  const header = HEADER.exec(text);
  if (!header) return undefined;
  const line = (name: string) => (new RegExp(`^${name} ?(.*)$`, 'm').exec(header[1] ?? '')?.[1] ?? '').split(' ').filter(Boolean);
  const rest = text.slice(header[0].length);
  const newline = rest.indexOf('\n');
  const style = newline < 0 ? rest : rest.slice(0, newline);
  const markup = newline < 0 ? '' : rest.slice(newline + 1).replace(/\n$/, '');
  return { style, markup, hashes: { scripts: line('script-src'), styles: line('style-src') } };
}

export interface MenuLink {
  label: string;
  path: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The navbar's entries as the live page renders them (NavLink: an `a` in an `li`). */
export function menuMarkup(links: MenuLink[]): string {
  return links.map((link) => `<li><a href="${escapeHtml(link.path)}">${escapeHtml(link.label)}</a></li>`).join('');
}

/** Build time: a stylesheet with comments and spacing out; nothing else changes. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .trim();
}

/** index.html with its markers filled; a part left out leaves its marker (an empty comment) in place. */
export function composePage(template: string, parts: { firstScreen?: FirstScreen; menu?: string }): string {
  let page = template;
  if (parts.firstScreen) page = page.replace(MARKERS.style, () => parts.firstScreen!.style).replace(MARKERS.area, () => parts.firstScreen!.markup);
  if (parts.menu !== undefined) page = page.replace(MARKERS.menu, () => parts.menu!);
  return page;
}
