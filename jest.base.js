const path = require('node:path');

/** Workspace packages resolve to their TypeScript sources in tests, so tests never need a build first. */
const WORKSPACE_SOURCES = {
  '^@devcircle/embedded-mongo$': 'packages/embedded-mongo/src',
  '^@devcircle/contracts$': 'packages/contracts/src',
  '^@devcircle/service-kit$': 'packages/service-kit/src',
  '^@devcircle/service-test-kit$': 'packages/test-kit/src',
  '^@devcircle/auth-service$': 'services/auth/src',
  '^@devcircle/posts-service$': 'services/posts/src',
  '^@devcircle/users-service$': 'services/users/src',
  '^@devcircle/notifications-service$': 'services/notifications/src',
  '^@devcircle/api-gateway$': 'api-gateway/src',
  '^@devcircle/sdk$': 'packages/sdk/src',
  '^@devcircle/sdk/react$': 'packages/sdk/src/react',
  '^@devcircle/sdk/remote$': 'packages/sdk/src/remote',
  '^@devcircle/sdk/dev$': 'packages/sdk/src/dev',
  '^@devcircle/ui$': 'packages/ui/src',
  '^@devcircle/ui/post-card$': 'packages/ui/src/post-card',
  '^@devcircle/ui/tabs$': 'packages/ui/src/components/Tabs',
  '\\.css$': 'test-support/style-stub.js',
};

const OTLP_EXPORTER_FILES = '/node_modules/@opentelemetry/otlp-exporter-base/.+\\.js$';

/** The Jest project of one package. */
module.exports = function jestProject(packageDir, displayName, overrides = {}) {
  const moduleNameMapper = {};
  for (const [pattern, source] of Object.entries(WORKSPACE_SOURCES)) {
    moduleNameMapper[pattern] = path.join(__dirname, source);
  }
  return {
    displayName,
    rootDir: packageDir,
    testEnvironment: 'node',
    // The package root (not test/) so a package without tests yet is simply a project with none.
    roots: ['<rootDir>'],
    modulePathIgnorePatterns: ['<rootDir>/dist'],
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
        },
      ],
      // OpenTelemetry's OTLP exporter loads `http` with import(), which Jest's CommonJS runtime refuses (it needs
      // --experimental-vm-modules); swc turns it into require() (docs/observability.md "Tests").
      [OTLP_EXPORTER_FILES]: ['@swc/jest', { module: { type: 'commonjs' } }],
    },
    transformIgnorePatterns: ['/node_modules/(?!@opentelemetry/otlp-exporter-base/)'],
    testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
    // TypeScript first: a stray `tsc` output beside a source (a .js next to its .ts) must never be the code tested.
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'json', 'node'],
    moduleNameMapper,
    ...overrides,
  };
};
