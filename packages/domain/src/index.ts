export * from './enums';
export * from './constants';
export * as api from './api/index';
