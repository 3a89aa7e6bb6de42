#!/usr/bin/env node
// Writes suite-durations.json (seconds per suite, relative paths) from a `jest --json` report: see sequencer.js.
const fs = require('node:fs');
const path = require('node:path');

const report = process.argv[2];
if (!report) {
  console.error('usage: node scripts/test/record-durations.js <jest --json output>');
  process.exit(2);
}
const ROOT = path.join(__dirname, '..', '..');
const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
const durations = Object.fromEntries(
  testResults
    .map((result) => [
      path.relative(ROOT, result.name).split(path.sep).join('/'),
      // Milliseconds to seconds, one decimal: the order is what counts, not the machine's exact figures.
      Math.round((result.endTime - result.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
fs.writeFileSync(path.join(__dirname, 'suite-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} suites written to scripts/test/suite-durations.json`);
