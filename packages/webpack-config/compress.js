const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

/** What is worth compressing: text formats (fonts are woff2, already compressed; images too). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
/** Smaller files gain too little to be worth a header and a lookup. */
const MIN_BYTES = 1024;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every compressible asset, written once at build time, so
 * the gateway sends `<file>.br` or `<file>.gz` by the browser's Accept-Encoding without compressing per request
 * (docs/web-delivery.md). A copy that would not be at least 10 % smaller is not written.
 */
function compressionPlugins() {
  const common = { test: COMPRESSIBLE, threshold: MIN_BYTES, minRatio: 0.9, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

module.exports = { compressionPlugins };
