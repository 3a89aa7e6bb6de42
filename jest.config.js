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
  // How long a worker may take to end after the run before Jest kills it and prints "A worker process has failed to
  // exit gracefully". Jest's 500 ms default is shorter than Node's own teardown of a worker on a loaded machine: a
  // worker that ran many suites holds 400-500 MiB of V8 heap, and after its 'exit' event (no handle left: only the
  // IPC and stdio pipes) V8 unmaps that heap page by page, about 0.1 s of CPU that took 536-569 ms at load 12 on the
  // 2 cores (perf: Isolate::Delete, Heap::TearDown, munmap). A worker that really leaks a handle is still killed and
  // still named by the same warning, 5 s later.
  workerGracefulExitTimeout: 5000,
  // Longest first on a fresh machine too, from committed durations (scripts/test/sequencer.js).
  testSequencer: '<rootDir>/scripts/test/sequencer.js',
};
