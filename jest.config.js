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
  // Three workers on CI's 2 cores (Jest's default leaves one core to itself): the suites spend much of their time
  // waiting — on the servers they start, on a screen's 1 s loading minimum, on debounces — so two workers took the
  // run from about 9 to 5 minutes, and a front-end suite still used a core for only about half of its time.
  maxWorkers: '150%',
};
