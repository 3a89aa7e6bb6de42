module.exports = require('../../jest.base')(__dirname, 'test-kit');
