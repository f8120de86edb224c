// mfe-family's build: the portal's one remote configuration (kit/webpack/remote-config.js).
const { remoteConfig } = require('@kidslearn/kit/webpack/remote-config');
const { dependencies } = require('./package.json');

module.exports = remoteConfig({ dir: __dirname, name: 'mfe_family', port: 3005, deps: dependencies });
