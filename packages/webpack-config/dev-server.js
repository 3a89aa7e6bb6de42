/** Where the dev servers send API, socket and remotes traffic: the gateway (`npm start` listens on 8080). */
function gatewayUrl() {
  return process.env.DEVCIRCLE_GATEWAY || 'http://localhost:8080';
}

/**
 * webpack-dev-server for one app: history fallback so deep links load the page, and the gateway behind the
 * same origin, as in production. `/remotes` (the built remotes the gateway serves) is proxied too, because
 * `/remotes.json` names manifests relative to the page's origin.
 */
function devServer(port) {
  const target = gatewayUrl();
  return {
    port,
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    // A remote's dev server is loaded from the shell's origin during development.
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { errors: true, warnings: false } },
    proxy: [
      { context: ['/api', '/remotes.json', '/remotes/'], target, changeOrigin: true },
      { context: ['/socket.io'], target, changeOrigin: true, ws: true },
    ],
  };
}

module.exports = { devServer, gatewayUrl };
