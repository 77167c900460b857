import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetAuthStorage } from '@/lib/auth-storage';

afterEach(() => {
  cleanup();
  resetAuthStorage();
  localStorage.clear();
});
