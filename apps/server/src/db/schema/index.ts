export * from './users';
export * from './departments';
export * from './blogs';
export * from './appointments';
export * from './email';
export * from './database-functions';
export * from './privacy';
export * from './idempotency';
