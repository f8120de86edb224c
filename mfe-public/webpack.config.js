// Remote build: exposes ./spa (single-spa lifecycles) in remoteEntry.js; static content from public/.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { dependencies: deps } = require('./package.json');

const NAME = 'mfe_public';
const PORT = 3001;
const singleton = (version) => ({ singleton: true, requiredVersion: version });
// react-router is not shared: a shared module is bundled whole (about 50 KB gzip, mostly unused),
// while each app's own copy is tree-shaken. Every app renders its own router in its own React root.
const shared = {
  react: singleton(deps.react),
  'react/': singleton(deps.react),
  'react-dom': singleton(deps['react-dom']),
  'react-dom/': singleton(deps['react-dom']),
  'react-redux': singleton(deps['react-redux']),
  '@reduxjs/toolkit': singleton(deps['@reduxjs/toolkit']),
  '@reduxjs/toolkit/': singleton(deps['@reduxjs/toolkit']),
};

module.exports = (_env, argv) => ({
  mode: argv.mode ?? 'production',
  entry: {},
  output: { path: path.resolve(__dirname, 'dist'), publicPath: 'auto', uniqueName: NAME, chunkFilename: '[id].[contenthash:8].js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  devtool: false,
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' } } },
      },
      // Lazy style tags: added on mount, removed on unmount, so nothing is left behind.
      { test: /\.css$/, use: [{ loader: 'style-loader', options: { injectType: 'lazyStyleTag' } }, 'css-loader'] },
      // Small images imported by the code (the hero) become data: URLs; bigger ones stay files.
      { test: /\.svg$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
    ],
  },
  plugins: [
    // Pre-compressed copies (.gz, .br) the static servers send to browsers that accept them.
    new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, algorithm: 'gzip', filename: '[path][base].gz', minRatio: 0.9 }),
    new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, algorithm: 'brotliCompress', filename: '[path][base].br', minRatio: 0.9 }),
    // externalRuntime: the Module Federation runtime comes from the shell (it provides it), not a second copy;
    // no snapshot code and web-only helpers (remoteEntry.js loads no remotes of its own).
    new ModuleFederationPlugin({ name: NAME, filename: 'remoteEntry.js', exposes: { './spa': './src/spa.tsx' }, shared, dts: false, manifest: false, experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } } }),
    new CopyPlugin({ patterns: [{ from: 'public' }] }),
  ],
  devServer: { port: PORT, headers: { 'Access-Control-Allow-Origin': '*' }, static: false },
  performance: { hints: false },
});
