// Remote build: exposes ./spa (single-spa lifecycles) in remoteEntry.js.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { dependencies: deps } = require('./package.json');

const NAME = 'mfe_admin';
const PORT = 3004;
const singleton = (version) => ({ singleton: true, requiredVersion: version });
const shared = {
  react: singleton(deps.react),
  'react/': singleton(deps.react),
  'react-dom': singleton(deps['react-dom']),
  'react-dom/': singleton(deps['react-dom']),
  'react-redux': singleton(deps['react-redux']),
  '@reduxjs/toolkit': singleton(deps['@reduxjs/toolkit']),
  '@reduxjs/toolkit/': singleton(deps['@reduxjs/toolkit']),
  'react-router-dom': singleton(deps['react-router-dom']),
  'react-router': singleton(deps['react-router-dom']),
};

module.exports = (_env, argv) => ({
  mode: argv.mode ?? 'production',
  entry: {},
  output: { path: path.resolve(__dirname, 'dist'), publicPath: 'auto', uniqueName: NAME, clean: true },
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
      { test: /\.svg$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new ModuleFederationPlugin({ name: NAME, filename: 'remoteEntry.js', exposes: { './spa': './src/spa.tsx' }, shared, dts: false, manifest: false }),
  ],
  devServer: { port: PORT, headers: { 'Access-Control-Allow-Origin': '*' }, static: false },
  performance: { hints: false },
});
