import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetAuthStorage } from '@/lib/auth-storage';

afterEach(() => {
  cleanup();
  resetAuthStorage();
  // A test of the server's renderer runs with no browser around it (`@vitest-environment node`).
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
