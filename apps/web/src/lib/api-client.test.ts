import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@clinic/shared';
import { errorBody, mockFetch } from '@/testing/render-app';
import {
  api,
  ApiError,
  errorMessageFrom,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
} from './api-client';
import { getConnectionState } from './connection-state';
import { createIntentKey } from './use-intent-key';
import { getToken, setAuth } from './auth-storage';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('errorMessageFrom', () => {
  it('prefers the server message, then its error field, then the fallback, then the HTTP status', () => {
    expect(errorMessageFrom(400, { message: 'Dữ liệu không hợp lệ.', error: 'other' }, 'Failed')).toBe(
      'Dữ liệu không hợp lệ.',
    );
    expect(errorMessageFrom(400, { error: 'Khung giờ đã đầy' }, 'Failed')).toBe('Khung giờ đã đầy');
    expect(errorMessageFrom(500, { something: 1 }, 'Failed to fetch blogs')).toBe('Failed to fetch blogs');
    expect(errorMessageFrom(502, undefined)).toBe('HTTP error! status: 502');
    expect(errorMessageFrom(500, 'plain text body')).toBe('HTTP error! status: 500');
  });
});

describe('api client', () => {
  it('throws an ApiError carrying the status and the server message', async () => {
    mockFetch(() => ({ status: 409, body: errorBody(409, 'Lịch hẹn không thể hủy', 'INVALID_TRANSITION') }));
    const error = await failureOf(
      api.put('/appointments/1/cancel', { reason: 'x' }, { fallbackMessage: 'Failed to cancel appointment' }),
    );
    expect(error.status).toBe(409);
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.message).toBe('Lịch hẹn không thể hủy');
  });

  it('uses the caller fallback when the server sends no text, else the HTTP status', async () => {
    mockFetch(() => ({ status: 500, body: '<html>oops</html>' }));
    expect((await failureOf(api.get('/blogs', { fallbackMessage: 'Failed to fetch blogs' }))).message).toBe(
      'Failed to fetch blogs',
    );
    expect((await failureOf(api.get('/blogs'))).message).toBe('HTTP error! status: 500');
  });

  it('counts 204 and an empty body as success', async () => {
    mockFetch((url) => (url.endsWith('/a') ? { status: 204 } : { status: 200 }));
    await expect(api.put('/a', {})).resolves.toBeUndefined();
    await expect(api.put('/b', {})).resolves.toBeUndefined();
  });

  it('sends JSON under /api with the stored bearer token, and none on public calls', async () => {
    setAuth('abc.def', { id: 1, username: 'admin', email: 'a@x.vn', fullName: null, role: 'ADMIN' });
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));
    await expect(api.post('/users', { username: 'u' })).resolves.toEqual({ ok: true });
    await api.get('/public/blogs/search', { auth: false, params: { q: 'tim mạch', empty: '' } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc.def');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"username":"u"}');

    const [publicUrl, publicInit] = fetchMock.mock.calls[1]!;
    expect(publicUrl).toBe('/api/public/blogs/search?q=tim+m%E1%BA%A1ch');
    expect((publicInit?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('ends the session when the server refuses the token', async () => {
    setAuth('revoked', { id: 1, username: 'admin', email: 'a@x.vn', fullName: null, role: 'ADMIN' });
    mockFetch(() => ({ status: 401, body: errorBody(401, 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.') }));
    const error = await failureOf(api.get('/users'));
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failureOf(api.get('/health', { fallbackMessage: 'Failed to fetch profile' }));
    expect(error.status).toBe(0);
    // The English fallback is for an answer without a message, not for no answer at all (issue 25).
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(getConnectionState()).toBe('offline');
  });

  it('reads a gateway page for a stopped server as no answer, and any answer as the server back', async () => {
    mockFetch((url) => (url.endsWith('/down') ? { status: 502, body: '<html>Bad Gateway</html>' } : { body: {} }));
    const error = await failureOf(api.get('/down', { fallbackMessage: 'Failed to fetch appointment stats' }));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(getConnectionState()).toBe('offline');
    await api.get('/up');
    expect(getConnectionState()).toBe('online');
  });

  it('gives up after REQUEST_TIMEOUT_MS and says so, while a caller abort stays an abort', async () => {
    vi.useFakeTimers();
    try {
      const hang = (_url: string, init: RequestInit) =>
        new Promise<never>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      vi.stubGlobal('fetch', vi.fn(hang));
      const pending = failureOf(api.put('/appointments/1/cancel', { reason: 'x' }));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      const error = await pending;
      expect(error.status).toBe(0);
      expect(error.message).toBe(TIMEOUT_MESSAGE);
      expect(error.message).toContain('15 giây');

      const controller = new AbortController();
      const aborted = api.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      expect(await aborted).toBeInstanceOf(DOMException);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Idempotency-Key (issue 25)', () => {
  const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['Idempotency-Key'];

  it('gives every call a key of its own: a toggle pressed twice is two acts, a read takes none', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { success: true } }));
    // 'Nổi bật' twice, 'Thích' twice: the same bytes, two intents each (issue 35).
    await api.put('/blogs/13/featured');
    await api.put('/blogs/13/featured');
    await Promise.all([
      api.post('/comments/4/react', { reactionType: 'like' }),
      api.post('/comments/4/react', { reactionType: 'like' }),
    ]);
    await api.get('/blogs');
    const keys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    for (const key of keys.slice(0, 4)) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(keys[4]).toBeUndefined();
  });

  it('sends the key of an intent the caller names: a double submission of one form is one intent', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { id: 1 } }));
    const intent = createIntentKey();
    const body = { title: 'Một' };
    await Promise.all([
      api.post('/blogs', body, { idempotencyKey: intent.keyFor(body) }),
      api.post('/blogs', body, { idempotencyKey: intent.keyFor(body) }),
    ]);
    intent.settled();
    await api.post('/blogs', body, { idempotencyKey: intent.keyFor(body) });
    const [first, second, next] = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(second).toBe(first);
    expect(next).not.toBe(first);
  });

  it("keeps an intent's key after no answer, and makes a new one for another body", () => {
    const intent = createIntentKey();
    const key = intent.keyFor({ a: 1 });
    intent.settled(new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR'));
    expect(intent.keyFor({ a: 1 })).toBe(key);
    intent.settled(new ApiError(409, 'Khung giờ đã đầy', 'SLOT_FULL'));
    const answered = intent.keyFor({ a: 1 });
    expect(answered).not.toBe(key);
    expect(intent.keyFor({ a: 2 })).not.toBe(answered);
  });

  it('waits for the first answer when the server says the same request is still running', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() =>
      ++calls === 1
        ? { status: 409, body: errorBody(409, 'Yêu cầu này đang được xử lý.', 'IDEMPOTENCY_IN_PROGRESS') }
        : { status: 201, body: { id: 7 } },
    );
    await expect(api.post('/blogs', { title: 'Ba' })).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(fetchMock.mock.calls[1]![1])).toBe(keyOf(fetchMock.mock.calls[0]![1]));
  });
});
