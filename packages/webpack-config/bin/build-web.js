#!/usr/bin/env node
// `npm run build:web`: production builds of the shell and of every remote (each `mf-*` folder with a
// package.json), one after another, so a new remote is built without editing any script.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../../..');
const remotes = fs
  .readdirSync(root)
  .filter((name) => name.startsWith('mf-') && fs.existsSync(path.join(root, name, 'package.json')))
  .sort();

for (const app of ['shell', ...remotes]) {
  console.log(`\n▶ building ${app}`);
  const result = spawnSync(
    process.execPath,
    [path.join(__dirname, 'webpack.js'), 'build', '--mode', 'production'],
    {
      cwd: path.join(root, app),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
