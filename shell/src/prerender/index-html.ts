// Build time (called by webpack.config.js): what index.html inlines so `/` paints before any JavaScript has
// run: the shell's stylesheet and the layout's markup, with markers where the server puts the first screen
// of the area that owns `/` and the visitor's menu (infra/local/src/first-screen.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifyCss } from '../../../infra/local/src/first-screen';
import { renderFirstScreen, type FirstScreenMarkers } from './first-screen';

export function indexHtmlParameters(markers: FirstScreenMarkers) {
  return {
    // The kit's tokens and component styles come first, inlined once for every app (see kit/README.md).
    shellCss: minifyCss([require.resolve('@kidslearn/kit/ui/tokens.css'), require.resolve('@kidslearn/kit/ui/kit.css'), path.join(__dirname, '../styles/shell.css')].map((file) => readFileSync(file, 'utf8')).join('\n')),
    firstScreen: renderFirstScreen(markers),
  };
}
