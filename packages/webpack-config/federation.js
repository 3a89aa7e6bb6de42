const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./shared');

/**
 * The plugin that hands the shell's federation runtime to the remotes (what `provideExternalRuntime` adds), named
 * by its ES module file: the flag resolves it with `require`, which pulls in the CommonJS build of the whole
 * runtime beside the ES one the bundler runtime uses — two copies in main.js (~60 KB raw) and two instances.
 */
const INJECT_RUNTIME_PLUGIN = require
  .resolve('@module-federation/inject-external-runtime-core-plugin')
  .replace(/\.cjs$/, '.js');

/** The federation entry keeps a fixed name: manifests and caches find it by name, not by hash. */
const REMOTE_ENTRY = 'remoteEntry.js';

/**
 * Module Federation 2 for one app. Every app emits `mf-manifest.json` (`manifest: true`); the shell lists no
 * remotes at build time, it registers them at run time from `/remotes.json`. `dts: false`: types come from the
 * SDK package, not from generated federation types.
 */
function federationPlugin({ name, dir, exposes, isHost, isDev }) {
  return new ModuleFederationPlugin({
    ...(isHost ? { runtimePlugins: [INJECT_RUNTIME_PLUGIN] } : {}),
    name,
    filename: REMOTE_ENTRY,
    exposes: exposes || {},
    remotes: {},
    shared: sharedSingletons(dir),
    manifest: true,
    dts: false,
    // Remotes are registered after start-up; 'loaded-first' reuses what the host has loaded instead of
    // fetching every remote entry to compare versions first (a missing remote must not hold up the shell).
    shareStrategy: 'loaded-first',
    experiments: {
      // One federation runtime per page: the shell bundles it and hands it to every remote, whose production
      // builds leave it out (~90 KB raw each). A remote's standalone dev page has no shell, so it keeps its own.
      ...(!isHost && !isDev ? { externalRuntime: true } : {}),
      // Browser-only builds: the runtime's Node.js code paths are dropped.
      optimization: { target: 'web' },
    },
  });
}

module.exports = { federationPlugin, REMOTE_ENTRY };
