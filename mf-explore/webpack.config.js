const { createAppConfig } = require('@devcircle/webpack-config');

/** The explore remote: exposes its single-spa parcel; `npm run dev` also serves a standalone host page. */
module.exports = (_env, argv) =>
  createAppConfig(
    {
      name: 'explore',
      dir: __dirname,
      port: 3003,
      exposes: { './parcel': './src/parcel.tsx' },
      devEntry: './src/dev/index.ts',
    },
    argv,
  );
