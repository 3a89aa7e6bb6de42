module.exports = require('../../jest.base')(__dirname, 'embedded-mongo');
