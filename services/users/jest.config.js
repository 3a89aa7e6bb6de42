module.exports = require('../../jest.base')(__dirname, 'users-service');
