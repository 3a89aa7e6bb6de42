module.exports = require('../jest.base')(__dirname, 'mf-notifications', {
  // Screens talk to the real gateway and services (test-support/web-backend.ts) through Node's fetch.
  testEnvironment: require.resolve('../test-support/jsdom-with-node-fetch.js'),
});
