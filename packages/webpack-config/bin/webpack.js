#!/usr/bin/env node
// webpack-cli is installed inside this package (not hoisted to the root), so the apps' scripts run webpack
// through here: `node ../packages/webpack-config/bin/webpack.js build --mode production`.
require('webpack-cli/bin/cli.js');
