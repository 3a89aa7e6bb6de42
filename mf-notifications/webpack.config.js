const { createAppConfig } = require('@devcircle/webpack-config');

/** The notifications remote: exposes its single-spa parcel; `npm run dev` also serves a standalone host page. */
module.exports = (_env, argv) =>
  createAppConfig(
    {
      name: 'notifications',
      dir: __dirname,
      port: 3004,
      exposes: { './parcel': './src/parcel.tsx' },
      devEntry: './src/dev/index.ts',
    },
    argv,
  );
