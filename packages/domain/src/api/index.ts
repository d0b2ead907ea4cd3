export * from './common';
export * from './associate';
export * from './campaign';
export * from './portfolio';
export * from './donation';
export * from './user-card';
export * from './donation-message';
export * from './survey';
