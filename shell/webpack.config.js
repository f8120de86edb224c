// Host build: Module Federation host with no remotes baked in: the areas come from the runtime manifest
// (config.json, written where the shell is served) at start-up.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { Compilation, NormalModuleReplacementPlugin, sources } = require('webpack');
const { dependencies: deps } = require('./package.json');
const { sharedModules } = require('@kidslearn/kit/webpack/shared');

// The portal's one share list (kit/webpack/shared.js), the same the remotes use.
const shared = sharedModules(deps);

// index.html's scripts: main.js is preloaded (it downloads at once) and runs once the first contentful
// paint is out, so the prerendered page shows before any JavaScript runs; its chunks load when it runs.
// Without paint timing, in a hidden tab (no paint comes) or after a second at most, it runs anyway.
/** Runs in the page: adds the entry scripts after the first contentful paint. */
function runAfterFirstPaint(sources) {
  var started = false;
  function run() {
    if (started) return;
    started = true;
    sources.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return run();
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(run, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    return run();
  }
  setTimeout(run, 1000);
}

class ScriptsAfterFirstPaintPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('ScriptsAfterFirstPaintPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('ScriptsAfterFirstPaintPlugin', (data) => {
        const entries = data.headTags.filter((tag) => tag.tagName === 'script' && tag.attributes.src);
        const sources = entries.map((tag) => tag.attributes.src);
        data.headTags = data.headTags.filter((tag) => !entries.includes(tag));
        data.headTags.push(...sources.map((href) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href })));
        data.bodyTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', {}, `(${runAfterFirstPaint})(${JSON.stringify(sources)});`));
        return data;
      });
    });
  }
}

// Chrome's explicit compile hint: V8 compiles every function of these files eagerly, while streaming
// them off the main thread, instead of on the main thread when start-up first calls them. For the files
// start-up runs nearly all of: the entry (Module Federation runtime), React DOM and Redux Toolkit.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const EAGER_LIBRARIES = /[\\/]node_modules[\\/](react-dom|@reduxjs[\\/]toolkit)[\\/]/;

class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
        for (const chunk of compilation.chunks) {
          const eager = chunk.hasRuntime() || [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some((module) => EAGER_LIBRARIES.test(module.nameForCondition?.() ?? ''));
          if (!eager) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}

/** Loads a TypeScript module of the repository with tsx, registered for this call only. */
function requireTypeScript(file) {
  process.env.TSX_TSCONFIG_PATH = path.resolve(__dirname, '../tsconfig.web.json');
  const unregister = require('tsx/cjs/api').register();
  try {
    return require(file);
  } finally {
    unregister();
  }
}

// The Content-Security-Policy of index.html allows its inline scripts and styles by hash (no 'unsafe-inline'):
// the build writes their hashes beside it, and the static servers put them in the policy (the local one
// through infra/local/src/security-headers.ts, nginx through infra/docker/shell-config.sh). The build fails on
// markup no hash can allow (a style attribute, an inline event handler).
const securityHeaders = requireTypeScript('../infra/local/src/security-headers.ts');

class InlineHashesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('InlineHashesPlugin', (compilation) => {
      // After the real content hashes are in (they rename main.js inside index.html's inline script).
      compilation.hooks.processAssets.tap({ name: 'InlineHashesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const html = compilation.getAsset('index.html');
        if (!html) return;
        const hashes = securityHeaders.inlineHashesOf(html.source.source().toString());
        compilation.emitAsset(securityHeaders.INLINE_HASHES_FILE, new sources.RawSource(securityHeaders.formatInlineHashes(hashes)));
      });
    });
  }
}

// SVGs up to this size are data: URLs in the bundle; the prerendered markup uses the same URLs.
const INLINE_SVG_BYTES = 2048;

// Markers the server fills where the page is served (infra/local/src/first-screen.ts): the first screen of the
// area that owns `/` (its build publishes it) and the visitor's menu (from config.json).
const { MARKERS } = requireTypeScript('../infra/local/src/first-screen.ts');

/**
 * Build time: the layout for `/` while the session is being checked, with markers where the first screen and
 * the menu go (src/prerender), and the stylesheet, inlined into index.html so the page paints before any
 * JavaScript has run. Nothing of a remote is built in: a changed hero ships with mfe-public alone.
 */
function indexHtmlParameters() {
  process.env.TSX_TSCONFIG_PATH = path.resolve(__dirname, '../tsconfig.web.json');
  // Registered for this call only (a namespaced tsx require would hide the .svg extension).
  const unregister = require('tsx/cjs/api').register();
  const svgLoader = require.extensions['.svg'];
  require.extensions['.svg'] = (module, file) => {
    const svg = fs.readFileSync(file);
    if (svg.length > INLINE_SVG_BYTES) throw new Error(`${file}: the prerendered markup inlines SVGs up to ${INLINE_SVG_BYTES} bytes`);
    module.exports = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  };
  try {
    const { indexHtmlParameters: parameters } = require('./src/prerender/index-html.ts');
    return { ...parameters(MARKERS), firstScreenStyle: MARKERS.style };
  } finally {
    unregister();
    if (svgLoader) require.extensions['.svg'] = svgLoader;
    else delete require.extensions['.svg'];
  }
}

module.exports = (_env, argv) => ({
  mode: argv.mode ?? 'production',
  entry: './src/index.ts',
  output: { path: path.resolve(__dirname, 'dist'), publicPath: '/', filename: '[name].[contenthash:8].js', clean: true },
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    // SweetAlert2's build without its CSS injection (a <style> element the page's CSP blocks); the feedback
    // service adopts the stylesheet itself (src/feedback/feedback-service.ts).
    alias: { sweetalert2$: require.resolve('sweetalert2/dist/sweetalert2.esm.js') },
  },
  devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : false,
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' } } },
      },
      { test: /\.svg$/, type: 'asset', parser: { dataUrlCondition: { maxSize: INLINE_SVG_BYTES } } },
      { test: /sweetalert2[\\/]dist[\\/]sweetalert2\.min\.css$/, type: 'asset/source' },
    ],
  },
  plugins: [
    // Pre-compressed copies (.gz, .br) the static servers send to browsers that accept them.
    // Not index.html: the server fills its markers where it is served (a stale compressed copy would skip that).
    new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, exclude: /^index\.html$/, algorithm: 'gzip', filename: '[path][base].gz', minRatio: 0.9 }),
    new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, exclude: /^index\.html$/, algorithm: 'brotliCompress', filename: '[path][base].br', minRatio: 0.9 }),
    // provideExternalRuntime: the remotes use the shell's Module Federation runtime instead of shipping their own.
    // disableSnapshot/target web: remotes are plain remoteEntry.js files (no manifest), so the runtime drops that code.
    // provideExternalRuntime adds its runtime plugin by require.resolve, i.e. the CommonJS build, which
    // pulls a second, CommonJS copy of runtime-core and sdk into main.js; the ESM build shares the one copy.
    new NormalModuleReplacementPlugin(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
      resource.request = resource.request.replace(/\.cjs$/, '.js');
    }),
    new ModuleFederationPlugin({ name: 'shell', remotes: {}, shared, dts: false, manifest: false, experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } } }),
    new HtmlWebpackPlugin({
      template: './public/index.html',
      favicon: './src/assets/logo.svg',
      templateParameters: indexHtmlParameters(),
      // html-webpack-plugin's production defaults, keeping the markers the server fills.
      minify: argv.mode === 'development' ? false : {
        collapseWhitespace: true,
        keepClosingSlash: true,
        removeComments: true,
        ignoreCustomComments: [/^kidslearn:/],
        removeRedundantAttributes: true,
        removeScriptTypeAttributes: true,
        removeStyleLinkTypeAttributes: true,
        useShortDoctype: true,
      },
    }),
    new ScriptsAfterFirstPaintPlugin(),
    new CompileHintsPlugin(),
    new InlineHashesPlugin(),
    new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
  ],
  devServer: { port: 3000, historyApiFallback: true, static: false },
  // Lower minSize so a library two shared packages both bundle (reselect) becomes one chunk, not two copies.
  optimization: { splitChunks: { minSize: 5000 } },
  performance: { hints: false },
});
