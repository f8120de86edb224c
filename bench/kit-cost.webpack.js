// The remote's own production configuration (run with the remote as working directory, as `npm run build`
// does) plus source maps of the minified chunks, for bench/kit-cost.ts. `module: false`: loaders make no
// maps of their own. With them (`--devtool source-map`) css-loader switches to its source-map runtime and
// inlines CSS maps, which changes the chunks and their ids; this way the code is byte for byte the
// production code and the map still names the module (file) of every minified token.
const path = require('node:path');
const { SourceMapDevToolPlugin } = require('webpack');

const remote = require(path.join(process.cwd(), 'webpack.config.js'));

module.exports = (env, argv) => {
  const config = remote(env, argv);
  return { ...config, plugins: [...config.plugins, new SourceMapDevToolPlugin({ filename: '[file].map', module: false, columns: true })] };
};
