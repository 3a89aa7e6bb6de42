#!/usr/bin/env node
// `npm run build:web`: production builds of the shell and of every remote (each `mf-*` folder with a
// package.json), so a new remote is built without editing any script. Two at a time by default (BUILD_WEB_JOBS):
// a build leaves a core idle for part of its time (resolving modules, writing files), which the other build uses.
// Each build's output is printed whole when it ends.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../../..');
const remotes = fs
  .readdirSync(root)
  .filter((name) => name.startsWith('mf-') && fs.existsSync(path.join(root, name, 'package.json')))
  .sort();
const jobs = Number(process.env.BUILD_WEB_JOBS ?? Math.min(2, os.availableParallelism()));

/** Builds one app; resolves with its exit code after printing its output. */
function build(app) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(__dirname, 'webpack.js'), 'build', '--mode', 'production'],
      {
        cwd: path.join(root, app),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n▶ built ${app}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

async function main() {
  const queue = ['shell', ...remotes];
  let failed = 0;
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const code = await build(app);
      if (code !== 0) failed = code;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  if (failed) process.exit(failed);
}

void main();
