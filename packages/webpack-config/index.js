const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { scriptRule, styleRules, assetRule } = require('./rules');
const { devServer } = require('./dev-server');
const { federationPlugin } = require('./federation');
const { StartupHintsPlugin } = require('./preload');
const { compressionPlugins } = require('./compress');

const packages = path.resolve(__dirname, '..');
/**
 * The contracts and the SDK as their TypeScript sources (ES modules, compiled by swc-loader like the app's own
 * code) rather than their CommonJS `dist` (Node's): webpack keeps only the contracts an app uses instead of every
 * route, event and limit in each app's copy. (`@devcircle/ui` is published as its source already.)
 */
const WEB_SOURCES = {
  '@devcircle/contracts$': path.join(packages, 'contracts/src/index.ts'),
  '@devcircle/sdk$': path.join(packages, 'sdk/src/index.ts'),
  '@devcircle/sdk/react$': path.join(packages, 'sdk/src/react.ts'),
  '@devcircle/sdk/remote$': path.join(packages, 'sdk/src/remote.tsx'),
  '@devcircle/sdk/dev$': path.join(packages, 'sdk/src/dev/index.ts'),
};

/** `--mode` on the command line wins; otherwise NODE_ENV=production means a production build. */
function resolveMode(argv) {
  if (argv && argv.mode) return argv.mode;
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

/**
 * Entry chunks get a content hash like every other chunk. The federation runtime module asks for this name
 * before hashes exist (only to learn how deep the output folder is), so it gets the unhashed form then.
 */
function entryFilename(pathData) {
  const hashed = pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript;
  return hashed ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * The one webpack configuration every DevCircle web app builds with.
 *
 * @param {object} options
 * @param {string} options.name     federation name (`shell`, `account`, `feed`, …)
 * @param {string} options.dir      the app's folder (its `__dirname`)
 * @param {number} options.port     dev-server port
 * @param {Record<string,string>} [options.exposes]  modules a remote exposes (`./parcel`)
 * @param {boolean} [options.isHost]  the shell: builds `index.html` from `src/index.html`
 * @param {string} [options.devEntry]  a remote's dev-only host page (`npm run dev` serves the remote alone)
 * @param {string} [options.htmlTemplate]  the page template (default: the host's `src/index.html`; a remote's
 *   standalone dev page uses `standalone.html` here, the same document, so no remote needs the shell)
 * @param {object} [argv]  webpack-cli's argv (for `--mode`)
 */
function createAppConfig({ name, dir, port, exposes, isHost = false, devEntry, htmlTemplate }, argv) {
  const mode = resolveMode(argv);
  const isDev = mode !== 'production';
  // The shell always has a page; a remote only in development, as its standalone host.
  const entryFile = isHost ? './src/index.ts' : isDev ? devEntry : undefined;
  const withPage = Boolean(entryFile);

  return {
    name,
    mode,
    context: dir,
    entry: entryFile ? { main: entryFile } : {},
    // Production maps are written for the operator's tools but not named in the bundles: the gateway serves them
    // only when SOURCE_MAPS_PUBLIC is on.
    devtool: isDev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // 'auto': each build finds its chunks next to the script that loaded it, so the gateway (or a CDN) can
      // serve a remote from any folder without rebuilding it.
      publicPath: 'auto',
      filename: isDev ? '[name].js' : entryFilename,
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: WEB_SOURCES },
    module: { rules: [scriptRule(isDev), ...styleRules(isDev), assetRule()] },
    plugins: [
      federationPlugin({ name, dir, exposes, isHost, isDev }),
      !isDev &&
        new MiniCssExtractPlugin({
          filename: '[name].[contenthash:8].css',
          chunkFilename: '[name].[contenthash:8].css',
        }),
      withPage &&
        new HtmlWebpackPlugin({
          template: htmlTemplate
            ? path.join(dir, htmlTemplate)
            : isHost
              ? path.join(dir, 'src/index.html')
              : path.join(__dirname, 'standalone.html'),
          // Absolute: index.html is served for every deep link (/post/abc), so relative URLs would break.
          publicPath: '/',
          // Only the app's own entry: the federation container (remoteEntry.js) is for other hosts to load.
          chunks: ['main'],
        }),
      // The host's page names what its first screen needs (start-up chunks, CSS, the body and heading fonts).
      isHost &&
        !isDev &&
        new StartupHintsPlugin({ fonts: ['inter-latin-400-normal', 'inter-latin-700-normal'] }),
      // Last, so index.html (written by the plugins above) gets its compressed copies too.
      ...(isDev ? [] : compressionPlugins()),
    ].filter(Boolean),
    optimization: {
      // JavaScript through swc's minifier rather than webpack's default terser: half the CPU of a build (the shell
      // 28.6 → 14.7 s) for 0.2 % more bytes after brotli. The CSS goes out without comments and indentation.
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: { passes: 2 }, mangle: true },
        }),
        new CssMinimizerPlugin(),
      ],
      moduleIds: 'deterministic',
      chunkIds: isDev ? 'named' : 'deterministic',
      splitChunks: {
        cacheGroups: {
          // The contracts (routes, limits) are small and used by the app and by each shared module (the SDK, the
          // UI kit); below the default size for a chunk of its own, a copy went into each of their chunks.
          contracts: {
            test: /[\\/]packages[\\/]contracts[\\/]/,
            name: 'contracts',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: devServer(port),
    stats: isDev ? 'minimal' : 'normal',
  };
}

module.exports = { createAppConfig, resolveMode };
