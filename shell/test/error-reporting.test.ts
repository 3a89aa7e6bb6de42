import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHELL_VERSION } from '../src/features/errors/reportErrors';

it("reports the shell's errors with its package version", () => {
  const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(SHELL_VERSION).toBe(pkg.version);
});
