import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The import boundaries of eslint.boundaries.js hold: each forbidden import below, written into a real source
 * path, fails `npm run lint`, and the allowed ones pass. The files are linted as text, never written.
 */
const ROOT = path.resolve(__dirname, '../..');
// The repository's own config, handed over as an object: ESLint loads config files with a dynamic import,
// which Jest's module system does not run.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js') as ESLint.Options['overrideConfig'];
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const forbidden: Array<[string, string, string]> = [
  [
    'a remote imports another remote',
    'mf-feed/src/features/x.ts',
    "import { a } from '@devcircle/mf-profile';",
  ],
  [
    'a remote imports the shell',
    'mf-feed/src/features/x.ts',
    "import { a } from '@devcircle/shell/src/app/App';",
  ],
  ['a remote reaches into a service', 'mf-explore/src/x.ts', "import { a } from '../../services/users/src';"],
  ['a remote imports the service kit', 'mf-account/src/x.ts', "import { a } from '@devcircle/service-kit';"],
  [
    'the shell imports a remote',
    'shell/src/app/x.tsx',
    "import { a } from '../../../mf-feed/src/app/FeedApp';",
  ],
  [
    'a service imports another service',
    'services/posts/src/x.ts',
    "import { a } from '@devcircle/users-service';",
  ],
  [
    'a service reaches into another',
    'services/users/src/x.ts',
    "import { a } from '../../posts/src/context';",
  ],
  ['a service imports the gateway', 'services/auth/src/x.ts', "import { a } from '@devcircle/api-gateway';"],
  ['the gateway imports a service', 'api-gateway/src/x.ts', "import { a } from '@devcircle/auth-service';"],
  [
    'a library imports a service',
    'packages/service-kit/src/x.ts',
    "import { a } from '@devcircle/posts-service';",
  ],
  ['a library imports the shell', 'packages/sdk/src/x.ts', "import { a } from '@devcircle/shell';"],
  ['domain code imports routes', 'services/posts/src/likes/x.ts', "import { a } from '../routes/load';"],
  [
    'a consumer imports routes',
    'services/notifications/src/consumers/x.ts',
    "import { a } from '../routes/notifications';",
  ],
  ['the context imports routes', 'services/auth/src/context.ts', "import { a } from './routes/session';"],
  [
    'domain code imports a consumer',
    'services/users/src/profiles/x.ts',
    "import { a } from '../consumers/accounts';",
  ],
  [
    'a route imports a consumer',
    'services/posts/src/routes/x.ts',
    "import { a } from '../consumers/authors';",
  ],
];

test.each(forbidden)('%s: lint fails', async (_what, file, source) => {
  const errors = await boundaryErrors(file, `${source}\nexport const b = a;\n`);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/^'.+' import is restricted .*Boundary:/);
});

const allowed: Array<[string, string, string]> = [
  ['a remote imports the SDK', 'mf-feed/src/features/x.ts', "import { a } from '@devcircle/sdk';"],
  [
    'a remote imports the contracts',
    'mf-feed/src/features/x.ts',
    "import { a } from '@devcircle/contracts';",
  ],
  ['a service imports the kit', 'services/posts/src/x.ts', "import { a } from '@devcircle/service-kit';"],
  [
    'a service imports its own code',
    'services/posts/src/likes/x.ts',
    "import { a } from '../posts/repository';",
  ],
  ['routes import routes', 'services/posts/src/routes/x.ts', "import { a } from './load';"],
  ['the entry imports routes', 'services/posts/src/index.ts', "import { a } from './routes/posts';"],
  ['the entry imports consumers', 'services/users/src/index.ts', "import { a } from './consumers/accounts';"],
  ['consumers import consumers', 'services/notifications/src/consumers/x.ts', "import { a } from './actor';"],
  [
    'a consumer imports the domain',
    'services/posts/src/consumers/x.ts',
    "import { a } from '../privacy/sync';",
  ],
  ['a route imports the domain', 'services/auth/src/routes/x.ts', "import { a } from '../tokens/sign';"],
];

test.each(allowed)('%s: lint passes', async (_what, file, source) => {
  expect(await boundaryErrors(file, `${source}\nexport const b = a;\n`)).toEqual([]);
});
