// The webpack configuration of a remote: one definition for mfe-public, mfe-learning, mfe-rewards and
// mfe-admin. Exposes ./spa (single-spa lifecycles) in remoteEntry.js; pre-compressed output; lazy styles.
const path = require('node:path');
const { NormalModuleReplacementPlugin } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const { existsSync } = require('node:fs');
const CopyPlugin = require('copy-webpack-plugin');
const { sharedModules } = require('./shared');

const ADOPTED_STYLES = {
  insert: path.join(__dirname, 'adopted-styles/insert.js'),
  transform: path.join(__dirname, 'adopted-styles/transform.js'),
  singleton: path.join(__dirname, 'adopted-styles/style-singleton.js'),
};

/**
 * @param {{ dir: string, name: string, port: number, deps: Record<string, string>, plugins?: unknown[], rules?: unknown[] }} remote
 */
function remoteConfig({ dir, name, port, deps, plugins = [], rules = [] }) {
  return (_env, argv) => ({
    mode: argv.mode ?? 'production',
    entry: {},
    output: { path: path.resolve(dir, 'dist'), publicPath: 'auto', uniqueName: name, chunkFilename: '[id].[contenthash:8].js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    devtool: false,
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' } } },
        },
        // Lazy styles: added on mount, removed on unmount, so nothing is left behind. Adopted as constructable
        // stylesheets rather than <style> elements, which the portal's Content-Security-Policy blocks (./adopted-styles).
        {
          test: /\.css$/,
          use: [
            { loader: 'style-loader', options: { injectType: 'lazyStyleTag', insert: ADOPTED_STYLES.insert, styleTagTransform: ADOPTED_STYLES.transform } },
            'css-loader',
          ],
        },
        // Small images imported by the code become data: URLs; bigger ones stay files.
        { test: /\.(svg|png|jpe?g)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
        ...rules,
      ],
    },
    plugins: [
      // Pre-compressed copies (.gz, .br) the static servers send to browsers that accept them.
      new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, algorithm: 'gzip', filename: '[path][base].gz', minRatio: 0.9 }),
      new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, algorithm: 'brotliCompress', filename: '[path][base].br', minRatio: 0.9 }),
      // externalRuntime: the Module Federation runtime comes from the shell (it provides it), not a second copy;
      // no snapshot code and web-only helpers (remoteEntry.js loads no remotes of its own).
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './spa': './src/spa.tsx' },
        shared: sharedModules(deps),
        dts: false,
        manifest: false,
        experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      // Radix dialogs lock scrolling with a stylesheet react-style-singleton makes at run time: adopted too.
      new NormalModuleReplacementPlugin(/^\.\/singleton$/, (resource) => {
        if (/react-style-singleton[\\/]dist[\\/]/.test(resource.context ?? '')) resource.request = ADOPTED_STYLES.singleton;
      }),
      // The remote's static files (content JSON, images, a game) are served beside remoteEntry.js.
      ...(existsSync(path.join(dir, 'public')) ? [new CopyPlugin({ patterns: [{ from: path.join(dir, 'public') }] })] : []),
      ...plugins,
    ],
    devServer: { port, headers: { 'Access-Control-Allow-Origin': '*' }, static: false },
    performance: { hints: false },
  });
}

module.exports = { remoteConfig };
