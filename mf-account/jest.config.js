module.exports = require('../jest.base')(__dirname, 'mf-account', { testEnvironment: 'jsdom' });
