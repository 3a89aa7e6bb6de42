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
  // One worker per core (Jest's default leaves one core to itself): the suites spend much of their time waiting on
  // the servers they start, so on CI's 2 cores two workers took the run from about 9 to 5 minutes.
  maxWorkers: '100%',
  // Longest first on a fresh machine too, from committed durations (scripts/test/sequencer.js).
  testSequencer: '<rootDir>/scripts/test/sequencer.js',
};
