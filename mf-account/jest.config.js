module.exports = require('../jest.base')(__dirname, 'mf-account', {
  // The screens talk to the real gateway and auth service (test-support/web-backend.ts) through Node's fetch.
  testEnvironment: require.resolve('../test-support/jsdom-with-node-fetch.js'),
});
