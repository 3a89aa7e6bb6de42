const MiniCssExtractPlugin = require('mini-css-extract-plugin');

/** TypeScript and TSX through swc: types are stripped, not checked (`tsc -p <app>` checks them). */
function scriptRule(isDev) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDev } },
        },
      },
    },
  };
}

/**
 * `*.module.css`: CSS Modules in `pure` mode, so every selector must name a local class (no global selectors
 * leak out of a remote); class names are exported camelCased (`.post-card` → `styles.postCard`).
 * Any other `.css` is global: the UI kit's reset and tokens, and the font packages.
 */
function styleRules(isDev) {
  const styleLoader = isDev ? 'style-loader' : MiniCssExtractPlugin.loader;
  return [
    {
      test: /\.module\.css$/,
      use: [
        styleLoader,
        {
          loader: 'css-loader',
          options: {
            importLoaders: 0,
            modules: {
              mode: 'pure',
              namedExport: false,
              exportLocalsConvention: 'camel-case-only',
              localIdentName: isDev ? '[name]__[local]--[hash:base64:4]' : '[hash:base64:8]',
            },
          },
        },
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [styleLoader, { loader: 'css-loader', options: { modules: false } }],
    },
  ];
}

/** Fonts and images referenced from CSS, emitted with a content hash so the gateway caches them forever. */
function assetRule() {
  return {
    test: /\.(woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif)$/i,
    type: 'asset/resource',
    generator: { filename: 'assets/[name].[contenthash:8][ext]' },
  };
}

module.exports = { scriptRule, styleRules, assetRule };
