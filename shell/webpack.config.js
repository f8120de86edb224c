// Host build: Module Federation host with no remotes baked in (they come from public/config.json at start-up).
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { NormalModuleReplacementPlugin } = require('webpack');
const { dependencies: deps } = require('./package.json');

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
  entry: './src/index.ts',
  output: { path: path.resolve(__dirname, 'dist'), publicPath: '/', filename: '[name].[contenthash:8].js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : false,
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' } } },
      },
      { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      { test: /\.svg$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    // Pre-compressed copies (.gz, .br) the static servers send to browsers that accept them.
    new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, algorithm: 'gzip', filename: '[path][base].gz', minRatio: 0.9 }),
    new CompressionPlugin({ test: /\.(js|css|svg|json|html)$/, algorithm: 'brotliCompress', filename: '[path][base].br', minRatio: 0.9 }),
    // provideExternalRuntime: the remotes use the shell's Module Federation runtime instead of shipping their own.
    // disableSnapshot/target web: remotes are plain remoteEntry.js files (no manifest), so the runtime drops that code.
    // provideExternalRuntime adds its runtime plugin by require.resolve, i.e. the CommonJS build, which
    // pulls a second, CommonJS copy of runtime-core and sdk into main.js; the ESM build shares the one copy.
    new NormalModuleReplacementPlugin(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
      resource.request = resource.request.replace(/\.cjs$/, '.js');
    }),
    new ModuleFederationPlugin({ name: 'shell', remotes: {}, shared, dts: false, manifest: false, experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } } }),
    new HtmlWebpackPlugin({ template: './public/index.html', favicon: './src/assets/logo.svg' }),
    new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
  ],
  devServer: { port: 3000, historyApiFallback: true, static: false },
  // Lower minSize so a library two shared packages both bundle (reselect) becomes one chunk, not two copies.
  optimization: { splitChunks: { minSize: 5000 } },
  performance: { hints: false },
});
