const { createAppConfig } = require('@devcircle/webpack-config');

/** The profile remote: exposes its single-spa parcel; `npm run dev` also serves a standalone host page. */
module.exports = (_env, argv) =>
  createAppConfig(
    {
      name: 'profile',
      dir: __dirname,
      port: 3002,
      exposes: { './parcel': './src/parcel.tsx' },
      devEntry: './src/dev/index.ts',
    },
    argv,
  );
