/** One Jest run for the whole workspace; each package contributes its own project. */
module.exports = {
  projects: ['<rootDir>/services/*/jest.config.js', '<rootDir>/api-gateway/jest.config.js'],
};
