module.exports = require('../../jest.base')(__dirname, 'ui', { testEnvironment: 'jsdom' });
