module.exports = require('../jest.base')(__dirname, 'shell', {
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup.ts'],
});
