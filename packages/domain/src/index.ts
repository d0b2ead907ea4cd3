export * from './enums';
export * from './constants';
export * from './env';
export * from './api-errors';
export * as api from './api/index';
