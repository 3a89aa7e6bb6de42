/** One Jest run for the whole workspace; each package contributes its own project. */
module.exports = {
  projects: [
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/api-gateway/jest.config.js',
    '<rootDir>/packages/*/jest.config.js',
    '<rootDir>/shell/jest.config.js',
    '<rootDir>/mf-*/jest.config.js',
    '<rootDir>/scripts/jest.config.js',
  ],
  // A global option: Jest ignores it inside project configs. Integration tests start real servers.
  testTimeout: 30000,
};
