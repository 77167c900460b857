import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS, type StoredUserInfo, type User } from '@clinic/shared';
import { AppProviders } from '@/app/providers';

/**
 * Picks a day in a date field as the browser's date picker does: the value changes with an `input`
 * event, then a `change` event. (Preact listens to `input`, React to either.)
 */
export function pickDate(field: HTMLElement, date: string) {
  fireEvent.input(field, { target: { value: date } });
  fireEvent.change(field, { target: { value: date } });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes in a memory router with the app's providers; returns the router to inspect its location. */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; state?: unknown } = '/',
) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user };
}

export function renderWithProviders(ui: ReactElement) {
  return renderRoutes([{ path: '*', element: ui }]);
}

type MockResponse = { status?: number; body?: unknown };
type Handler = (url: string, init: RequestInit) => MockResponse | Promise<MockResponse>;

/** Replaces fetch: the handler gets the URL and init and answers a status and a JSON body. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { status = 200, body } = await handler(url, init);
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function errorBody(statusCode: number, message: string, code = 'ERROR') {
  return { statusCode, code, message, error: message };
}

export function storeSession(user: StoredUserInfo, token = 'test-token') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'doctor',
    email: 'doctor@antamclinic.vn',
    fullName: 'BS. Nguyễn Văn An',
    birth: null,
    gender: null,
    role: 'DOCTOR',
    specialty: 'GYNECOLOGY',
    active: true,
    phone: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    mustChangePassword: false,
    mfaEnabled: false,
    ...overrides,
  };
}

export function storedInfoOf(user: User): StoredUserInfo {
  return { id: user.id, username: user.username, email: user.email, fullName: user.fullName, role: user.role };
}
