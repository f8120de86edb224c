// mfe-admin's build: the portal's one remote configuration (kit/webpack/remote-config.js).
const { remoteConfig } = require('@kidslearn/kit/webpack/remote-config');
const { dependencies } = require('./package.json');

module.exports = remoteConfig({ dir: __dirname, name: 'mfe_admin', port: 3004, deps: dependencies });
