import type { ROLES } from './roles';

// What the browser keeps of a sign-in: no zod here, so the pages' shell reads it without the schemas.

/** What the browser keeps under `userInfo` (specification section 3). */
export type StoredUserInfo = {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: (typeof ROLES)[number];
  phone?: string | null;
};

export const STORAGE_KEYS = { token: 'authToken', userInfo: 'userInfo' } as const;

/** Token lifetimes: 'Ghi nhớ đăng nhập' ticked or not (docs/PRODUCT.md §5). */
export const TOKEN_TTL_SECONDS = { remembered: 30 * 24 * 3600, session: 12 * 3600 } as const;
