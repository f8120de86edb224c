// mfe-public's build: the portal's one remote configuration (kit/webpack/remote-config.js), plus the
// prerendered first screen of `/` it publishes beside remoteEntry.js (first-screen.html): the hero's markup,
// its stylesheet and their Content-Security-Policy hashes. The server of the portal page puts it into
// index.html (infra/local/src/first-screen.ts), so a changed hero ships with this remote alone.
const fs = require('node:fs');
const path = require('node:path');
const { Compilation, sources } = require('webpack');
const { remoteConfig } = require('@kidslearn/kit/webpack/remote-config');
const { dependencies } = require('./package.json');

const NAME = 'mfe_public';
// The remote configuration inlines SVGs up to this size as data: URLs; the prerendered markup uses the same.
const INLINE_SVG_BYTES = 2048;

/** Runs `fn` with this repository's TypeScript (and small SVGs as data: URLs) loadable through tsx. */
function withTypeScript(fn) {
  process.env.TSX_TSCONFIG_PATH = path.resolve(__dirname, '../tsconfig.web.json');
  const unregister = require('tsx/cjs/api').register();
  const svgLoader = require.extensions['.svg'];
  require.extensions['.svg'] = (module, file) => {
    const svg = fs.readFileSync(file);
    if (svg.length > INLINE_SVG_BYTES) throw new Error(`${file}: the prerendered markup inlines SVGs up to ${INLINE_SVG_BYTES} bytes`);
    module.exports = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  };
  try {
    return fn();
  } finally {
    unregister();
    if (svgLoader) require.extensions['.svg'] = svgLoader;
    else delete require.extensions['.svg'];
  }
}

/** Emits first-screen.html; KIDSLEARN_BUILD_ID, when set, is stamped on it (data-build: which build is showing). */
class FirstScreenPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstScreenPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FirstScreenPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const file = withTypeScript(() => {
          const { renderHomeFirstScreen } = require('./src/prerender/first-screen.tsx');
          const { FIRST_SCREEN_FILE, formatFirstScreen, minifyCss } = require('../infra/local/src/first-screen.ts');
          const { inlineHashesOf } = require('../infra/local/src/security-headers.ts');
          const { html, css } = renderHomeFirstScreen();
          const build = process.env.KIDSLEARN_BUILD_ID ? ` data-build="${process.env.KIDSLEARN_BUILD_ID.replace(/[^\w.-]/g, '')}"` : '';
          const style = `<style data-prerendered-remote-style="${NAME}">${minifyCss(css)}</style>`;
          const markup = `<div data-prerendered-remote="${NAME}"${build}>${html}</div>`;
          // Throws on markup the page's policy could not allow by hash (a style attribute, an event handler).
          return { name: FIRST_SCREEN_FILE, text: formatFirstScreen({ style, markup, hashes: inlineHashesOf(style + markup) }) };
        });
        compilation.emitAsset(file.name, new sources.RawSource(file.text));
      });
    });
  }
}

module.exports = remoteConfig({ dir: __dirname, name: NAME, port: 3001, deps: dependencies, plugins: [new FirstScreenPlugin()] });
