const { createAppConfig } = require('@devcircle/webpack-config');

/** The host: no remotes at build time, it reads `/remotes.json` at start. */
module.exports = (_env, argv) =>
  createAppConfig({ name: 'shell', dir: __dirname, port: 3000, isHost: true }, argv);
