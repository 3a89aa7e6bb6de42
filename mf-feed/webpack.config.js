const { createAppConfig } = require('@devcircle/webpack-config');

/** The feed remote: exposes its single-spa parcel; `npm run dev` also serves a standalone host page. */
module.exports = (_env, argv) =>
  createAppConfig(
    {
      name: 'feed',
      dir: __dirname,
      port: 3001,
      exposes: { './parcel': './src/parcel.tsx' },
      devEntry: './src/dev/index.ts',
    },
    argv,
  );
