import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm ci` installs exactly what package-lock.json holds. npm 11 sometimes writes only this machine's
 * platform binaries into the lock; on another platform `npm ci` then lacks (or refuses for) the binary that
 * platform needs. So every optional dependency a locked package declares must be in the lock itself — the
 * binaries of Linux, macOS and Windows alike — except builds no supported platform installs.
 */
const ROOT = path.resolve(__dirname, '../..');

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

/** WebAssembly/WASI fallbacks: no os of ours picks them (they need a WASI runtime and pull in more). */
const NOT_FOR_OUR_PLATFORMS = /-wasm32-wasi$/;

const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where npm would find `name` for the package at `location`: its own node_modules, then each one above. */
function resolves(location: string, name: string): boolean {
  let base = location;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

test('the lock holds every platform binary a locked package may need, on Linux, macOS and Windows', () => {
  const missing = Object.entries(lock.packages).flatMap(([location, info]) =>
    Object.keys(info.optionalDependencies ?? {})
      .filter((name) => !NOT_FOR_OUR_PLATFORMS.test(name) && !resolves(location, name))
      .map((name) => `${location} -> ${name}`),
  );
  expect(missing).toEqual([]);
});

test('the check reads the lock: packages with platform binaries are there to check', () => {
  const withBinaries = Object.keys(lock.packages).filter(
    (location) => Object.keys(lock.packages[location].optionalDependencies ?? {}).length > 0,
  );
  expect(withBinaries).toEqual(
    expect.arrayContaining(['node_modules/@swc/core', 'node_modules/@rspack/binding']),
  );
});
