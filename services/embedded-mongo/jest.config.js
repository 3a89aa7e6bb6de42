module.exports = {
  displayName: 'embedded-mongo',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testTimeout: 60000,
};
