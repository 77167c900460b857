import { z } from 'zod';

// Validation messages nobody wrote by hand still come out in Vietnamese, on the server and in the browser.
z.config(z.locales.vi());

export * from './roles';
export * from './clinic';
export * from './messages';
export * from './errors';
export * from './auth';
export * from './format';
export * from './account';
