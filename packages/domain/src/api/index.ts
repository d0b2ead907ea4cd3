export * from './common';
export * from './associate';
export * from './campaign';
export * from './portfolio';
export * from './donation';
export * from './donation-message';
