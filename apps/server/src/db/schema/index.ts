export * from './users';
export * from './departments';
