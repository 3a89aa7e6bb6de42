const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const DURATIONS = require('./suite-durations.json');

const ROOT = path.join(__dirname, '..', '..');

/**
 * Jest's own order (failed first, then the longest), with the committed durations (suite-durations.json) for the
 * suites its cache has not timed. On a fresh machine (CI) the cache is empty and Jest orders by file size: a
 * one-minute suite could start last on one worker while the other sat idle, minutes of tail. Regenerate the file
 * after a full run with `npx jest --json --outputFile=/tmp/jest.json && node scripts/test/record-durations.js
 * /tmp/jest.json`; a suite it does not name (a new one) runs first, as Jest runs untimed suites.
 */
class CommittedDurationsSequencer extends Sequencer {
  /** Milliseconds, as Jest's cache holds them (the file holds seconds). */
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const seconds = DURATIONS[path.relative(ROOT, test.path).split(path.sep).join('/')];
    return seconds === undefined ? undefined : seconds * 1000;
  }
}

module.exports = CommittedDurationsSequencer;
