module.exports = require('../jest.base')(__dirname, 'shell', { testEnvironment: 'jsdom' });
