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
    shellCss: minifyCss(readFileSync(path.join(__dirname, '../styles/shell.css'), 'utf8')),
    homeCss: minifyCss(home.css),
    firstScreen: renderFirstScreen('/', { mfe_public: home.html }),
  };
}
