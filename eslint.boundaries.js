/**
 * Who may import whom (docs/architecture.md "Boundaries"), enforced by ESLint's own no-restricted-imports on the
 * sources of each deployable and library; tests and tooling may reach across to start real parts.
 *
 * - A remote imports no other remote, not the shell and nothing of the back end: only the SDK, the UI kit and the
 *   contracts.
 * - The shell imports no remote and nothing of the back end.
 * - A service imports no other service, not the gateway and nothing of the front end.
 * - The gateway imports no service and nothing of the front end.
 * - A library (packages/) imports no deployable.
 * - In a service (docs/service-skeleton.md), only `routes/` and the entry (`index.ts`) import routes, and only
 *   `consumers/` and the entry import consumers: domain code imports neither, and routes and consumers do not
 *   import each other.
 */
const fs = require('node:fs');
const path = require('node:path');

const SERVICES = fs
  .readdirSync(path.join(__dirname, 'services'))
  .filter((name) => fs.existsSync(path.join(__dirname, 'services', name, 'package.json')));

/** An import of one of these, by package name or by a relative path into its folder. */
const REMOTES = { names: ['@devcircle/mf-*', '@devcircle/mf-*/**'], folders: ['**/mf-*/**'] };
const SHELL = { names: ['@devcircle/shell', '@devcircle/shell/**'], folders: ['**/shell/**'] };
const GATEWAY = {
  names: ['@devcircle/api-gateway', '@devcircle/api-gateway/**'],
  folders: ['**/api-gateway/**'],
};
const LIBRARIES_BY_PATH = { names: [], folders: ['**/packages/**'] };
const serviceGroup = (services) => ({
  names: services.flatMap((name) => [`@devcircle/${name}-service`, `@devcircle/${name}-service/**`]),
  // By path: through services/, or from a sibling service's folder (`../../posts/src/…`).
  folders: services.flatMap((name) => [`**/services/${name}/**`, `**/${name}/src`, `**/${name}/src/**`]),
});
const BACK_END_LIBRARIES = {
  names: [
    '@devcircle/service-kit',
    '@devcircle/service-test-kit',
    '@devcircle/embedded-mongo',
    'mongodb',
    'koa',
  ],
  folders: [],
};
const FRONT_END_LIBRARIES = {
  names: ['@devcircle/sdk', '@devcircle/sdk/**', '@devcircle/ui', 'react'],
  folders: [],
};
/** A service's own folder, by a relative path from anywhere in its src. */
const ownFolder = (name) => ({
  names: [],
  folders: [`**/${name}`, `**/${name}/**`, `./${name}`, `./${name}/**`],
});
const ROUTES = ownFolder('routes');
const CONSUMERS = ownFolder('consumers');
const NO_ROUTES = 'Domain code never imports routes: routes call the domain, not the other way round.';
const NO_CONSUMERS =
  'Only the entry (index.ts) wires the consumers: nothing else imports them, so a consumer is started once.';

const pattern = (message, ...groups) => ({
  group: groups.flatMap((group) => [...group.names, ...group.folders]),
  message,
});

const restrict = (files, message, ...groups) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [pattern(message, ...groups)] }] },
});

/** `restrict`, plus more patterns with messages of their own (ESLint keeps one option per rule and file). */
const restrictMore = (files, ignores, message, groups, more) => ({
  files,
  ...(ignores.length > 0 ? { ignores } : {}),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          pattern(message, ...groups),
          ...more.map(([rule, group]) => pattern(`Boundary: ${rule}`, group)),
        ],
      },
    ],
  },
});

const FRONT_END =
  'Boundary: a remote or the shell imports only the SDK, the UI kit and the contracts of other parts.';

const boundaries = [
  restrict(
    ['mf-*/src/**/*.{ts,tsx}'],
    `${FRONT_END} A remote imports no other remote and not the shell.`,
    REMOTES,
    SHELL,
    GATEWAY,
    serviceGroup(SERVICES),
    BACK_END_LIBRARIES,
    LIBRARIES_BY_PATH,
  ),
  restrict(
    ['shell/src/**/*.{ts,tsx}'],
    `${FRONT_END} The shell imports no remote.`,
    REMOTES,
    GATEWAY,
    serviceGroup(SERVICES),
    BACK_END_LIBRARIES,
    LIBRARIES_BY_PATH,
  ),
  restrict(
    ['api-gateway/src/**/*.ts'],
    'Boundary: the gateway talks to the services over HTTP; it imports none of them, nor the front end.',
    serviceGroup(SERVICES),
    SHELL,
    REMOTES,
    FRONT_END_LIBRARIES,
    LIBRARIES_BY_PATH,
  ),
  restrict(
    ['packages/*/src/**/*.{ts,tsx,js}'],
    'Boundary: a library in packages/ imports no deployable (shell, remotes, gateway, services).',
    SHELL,
    REMOTES,
    GATEWAY,
    serviceGroup(SERVICES),
  ),
  ...SERVICES.flatMap((service) => {
    const others = serviceGroup(SERVICES.filter((name) => name !== service));
    const message = `Boundary: the ${service} service imports no other service (events or HTTP instead), nor the gateway or the front end.`;
    const groups = [others, GATEWAY, SHELL, REMOTES, FRONT_END_LIBRARIES, LIBRARIES_BY_PATH];
    const src = `services/${service}/src`;
    // One entry per file set: ESLint takes the last option a file matches, so the sets must not overlap.
    return [
      restrict([`${src}/index.ts`], message, ...groups),
      restrictMore(
        [`${src}/**/*.ts`],
        [`${src}/index.ts`, `${src}/routes/**`, `${src}/consumers/**`],
        message,
        groups,
        [
          [NO_ROUTES, ROUTES],
          [NO_CONSUMERS, CONSUMERS],
        ],
      ),
      restrictMore([`${src}/routes/**/*.ts`], [], message, groups, [[NO_CONSUMERS, CONSUMERS]]),
      restrictMore([`${src}/consumers/**/*.ts`], [], message, groups, [[NO_ROUTES, ROUTES]]),
    ];
  }),
];

module.exports = { boundaries };
