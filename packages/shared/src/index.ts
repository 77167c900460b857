import { z } from 'zod';

// Validation messages nobody wrote by hand still come out in Vietnamese, on the server and in the browser.
z.config(z.locales.vi());

export * from './roles';
export * from './permissions';
export * from './clinic';
export * from './messages';
export * from './errors';
export * from './common';
export * from './auth';
export * from './format';
export * from './passwords';
export * from './account';
export * from './users';
export * from './blog/blog';
export * from './blog/comment';
export * from './blog/newsletter';
export * from './blog/upload';
export * from './appointments/statuses';
export * from './appointments/messages';
export * from './appointments/time';
export * from './appointments/state-machine';
export * from './appointments/schemas';
export * from './appointments/history';
export * from './patients';
export * from './dashboard';
