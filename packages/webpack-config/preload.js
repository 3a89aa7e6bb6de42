const HtmlWebpackPlugin = require('html-webpack-plugin');

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

/** Each shared module's name (`react-dom/client`) → the module that provides it to the share scope. */
function providersByName(compilation) {
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type === PROVIDE_SHARED) providers.set(module._name, module);
  }
  return providers;
}

/**
 * The chunk groups a page needs at start-up: the shell's `./bootstrap` import (behind which the whole app lives,
 * see shell/src/index.ts) and, recursively, the groups of the shared modules (React, the SDK, the UI kit) it
 * consumes. The host's own provided copy is what the runtime loads (the consume side's fallback chunks stay
 * unused), so the groups are the providers'. Everything else (lazy screens, remotes' machinery) is left out.
 */
function startupGroups(compilation, entryRequest) {
  const { chunkGraph } = compilation;
  const providers = providersByName(compilation);
  const groups = new Set();
  const visit = (group) => {
    if (!group || groups.has(group)) return;
    groups.add(group);
    for (const chunk of group.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== CONSUME_SHARED) continue;
        const provider = providers.get(module.options.shareKey);
        for (const block of provider ? provider.blocks : module.blocks)
          visit(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const group of compilation.chunkGroups) {
    if (group.origins.some((origin) => origin.request === entryRequest)) visit(group);
  }
  return groups;
}

const link = (attributes) => ({
  tagName: 'link',
  voidTag: true,
  attributes,
  meta: { plugin: 'StartupHints' },
});

/**
 * Hints in the host's `index.html` so the browser fetches what the first screen needs while `main.js` is still
 * arriving, instead of one step after another (index.html → main.js → its imports → the CSS → the fonts):
 * - `preload` for every start-up script;
 * - the start-up CSS as plain stylesheets (the CSS loader finds them already in the page and does not add them
 *   again), so the fonts they name are found at once;
 * - `preload` for the font files of the first screen (`fonts`: asset name prefixes, woff2 only).
 */
class StartupHintsPlugin {
  constructor({ entryRequest = './bootstrap', fonts = [] } = {}) {
    this.entryRequest = entryRequest;
    this.fonts = fonts;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('StartupHintsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupHintsPlugin', (data) => {
        const publicPath = data.publicPath ?? '/';
        const files = new Set();
        for (const group of startupGroups(compilation, this.entryRequest)) {
          for (const file of group.getFiles()) files.add(file);
        }
        const sorted = [...files].sort();
        const styles = sorted.filter((file) => file.endsWith('.css'));
        const scripts = sorted.filter((file) => file.endsWith('.js'));
        const fonts = Object.keys(compilation.assets)
          .filter((name) => name.endsWith('.woff2'))
          .filter((name) => this.fonts.some((prefix) => name.startsWith(`assets/${prefix}.`)))
          .sort();
        data.headTags.push(
          ...fonts.map((file) =>
            link({
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: publicPath + file,
            }),
          ),
          ...styles.map((file) => link({ rel: 'preload', as: 'style', href: publicPath + file })),
          ...scripts.map((file) => link({ rel: 'preload', as: 'script', href: publicPath + file })),
        );
        return data;
      });
    });
  }
}

module.exports = { StartupHintsPlugin, startupGroups };
