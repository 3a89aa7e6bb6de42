export * from './errors';
export * from './events';
export * from './limits';
export * from './notifications';
export * from './pagination';
export * from './posts';
export * from './routes';
export * from './users';
