// The one Module Federation share list of the portal: the shell and every remote use it, so they agree on
// which libraries exist once at run time. Only libraries that hold state or are large and fully used are
// shared (React, React DOM, React Redux, Redux Toolkit: singletons). react-router-dom is not shared: a
// shared module is bundled whole (about 50 KB gzip, mostly unused) while each app's own copy is
// tree-shaken, and every app renders its own router in its own React root. The kit itself is bundled
// tree-shaken into each app (see kit/README.md for the measurement behind that choice).
const rootPackage = require('../../package.json');

/** @param {Record<string, string>} deps the app's package.json dependencies (for requiredVersion) */
function sharedModules(deps) {
  const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] ?? false });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-redux': singleton('react-redux'),
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    '@reduxjs/toolkit/': singleton('@reduxjs/toolkit'),
  };
}

module.exports = { sharedModules, workspaces: rootPackage.workspaces };
