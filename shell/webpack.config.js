const path = require('node:path');
const webpack = require('webpack');
const { createAppConfig } = require('@devcircle/webpack-config');

const engineIo = path.dirname(require.resolve('engine.io-client/package.json'));

/**
 * The notification socket connects with `transports: ['websocket']` only (shell/src/features/realtime), but
 * engine.io-client's Socket imports every transport (HTTP long-polling, WebTransport) through one table, so they
 * were in every signed-in first screen without ever running. Its table is replaced by one that holds the WebSocket
 * transport alone (webpack/websocket-only-transports.js), as its own tree-shakable API does for direct users.
 */
function websocketOnly(config) {
  config.plugins.push(
    new webpack.NormalModuleReplacementPlugin(
      /engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/,
      path.join(__dirname, 'webpack', 'websocket-only-transports.js'),
    ),
  );
  // Their modules only define things: what the socket does not use (the re-exported polling and WebTransport
  // classes) is then dropped too.
  config.module.rules.push({
    test: /[\\/]node_modules[\\/](engine\.io-client|socket\.io-client)[\\/]/,
    sideEffects: false,
  });
  config.resolve.alias = {
    ...config.resolve.alias,
    'engine.io-client-websocket-transport$': path.join(
      engineIo,
      'build',
      'esm',
      'transports',
      'websocket.js',
    ),
  };
  return config;
}

/** The host: no remotes at build time, it reads `/remotes.json` at start. */
module.exports = (_env, argv) =>
  websocketOnly(createAppConfig({ name: 'shell', dir: __dirname, port: 3000, isHost: true }, argv));
