module.exports = require('../../jest.base')(__dirname, 'contracts');
