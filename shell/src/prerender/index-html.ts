// Build time (called by webpack.config.js): what index.html inlines so `/` paints before any
// JavaScript has run: the shell's stylesheet, the remote's stylesheet and the first screen's markup.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderFirstScreen } from './first-screen';

/** Comments and spacing out; nothing else changes. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .trim();
}

export function indexHtmlParameters(home: { html: string; css: string }) {
  return {
    // The kit's tokens and component styles come first, inlined once for every app (see kit/README.md).
    shellCss: minifyCss([require.resolve('@kidslearn/kit/ui/tokens.css'), require.resolve('@kidslearn/kit/ui/kit.css'), path.join(__dirname, '../styles/shell.css')].map((file) => readFileSync(file, 'utf8')).join('\n')),
    homeCss: minifyCss(home.css),
    firstScreen: renderFirstScreen('/', { mfe_public: home.html }),
  };
}
