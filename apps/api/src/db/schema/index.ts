// Every table, for drizzle-kit and for the typed `db` handle.
export { frequencyEnum } from './columns';
export * from './social-challenge';
export * from './user';
export * from './associate';
export * from './survey';
export * from './portfolio';
export * from './campaign';
export * from './donor';
export * from './recurring';
export * from './donation';
export * from './system';
export * from './site-config';
export * from './receipt';
export * from './console';
export * from './gift-refund';
export * from './console-export';
