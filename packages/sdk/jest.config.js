module.exports = require('../../jest.base')(__dirname, 'sdk', { testEnvironment: 'jsdom' });
