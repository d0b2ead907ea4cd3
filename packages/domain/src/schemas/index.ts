export * from './rule-keys';
export * from './fields';
export * from './birthday';
export * from './address';
export * from './name';
export * from './user-profile';
export * from './card';
export * from './signup';
