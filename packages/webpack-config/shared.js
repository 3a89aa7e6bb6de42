const path = require('node:path');

/**
 * The modules every app shares as federation singletons (docs/architecture.md "Front end").
 * `react-dom/client` and `react/jsx-runtime` are listed on their own: sharing only `react-dom` and `react`
 * still lets a second copy of react-dom load through those entry points.
 */
const SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  '@devcircle/sdk': '@devcircle/sdk',
  '@devcircle/sdk/react': '@devcircle/sdk',
  // The remote contract: with it single-spa-react loads once, from the shell (shell/src/features/remotes imports
  // it so the shell provides it). `@devcircle/sdk/dev` is not shared: only a remote's standalone page runs it.
  '@devcircle/sdk/remote': '@devcircle/sdk',
  '@devcircle/ui': '@devcircle/ui',
  // The router is not shared: only the shell routes (remotes navigate through the SDK), so the shell's build keeps
  // just the parts it uses. A shared module is provided whole, unshaken (react-router 7 is ~190 KB that way).
  // `@devcircle/contracts` is not shared: it holds no state (types, limits, route builders), so each app bundles
  // what it uses, built like the SDK from its TypeScript source (index.js, WEB_SOURCES), so unused parts drop out.
};

/** The version range an app asks for: what its own package.json depends on (the workspace's for the SDK). */
function requiredVersionOf(appPackage, packageName) {
  const declared = (appPackage.dependencies || {})[packageName];
  if (declared && /^\d/.test(declared)) return `^${declared}`;
  if (declared) return declared;
  throw new Error(`${appPackage.name} shares ${packageName} but does not depend on it`);
}

/**
 * The `shared` option of the federation plugin. The host loads every singleton itself (it starts first and
 * provides them); remotes keep their own copy only as a fallback for running standalone, and take the host's
 * whenever one is there (singleton + strictVersion: a mismatch is an error at load, not two Reacts).
 */
function sharedSingletons(appDir) {
  const appPackage = require(path.join(appDir, 'package.json'));
  const shared = {};
  for (const [request, packageName] of Object.entries(SINGLETONS)) {
    shared[request] = {
      singleton: true,
      strictVersion: true,
      requiredVersion: requiredVersionOf(appPackage, packageName),
    };
  }
  return shared;
}

module.exports = { sharedSingletons, SINGLETONS };
