module.exports = require('../../jest.base')(__dirname, 'auth-service');
