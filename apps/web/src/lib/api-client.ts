import { IDEMPOTENCY_HEADER } from '@clinic/shared';
import { clearAuth, getToken } from './auth-storage';
import { reportConnection } from './connection-state';

/** Every API call goes under this prefix; the dev server proxies it to the Fastify server. */
export const API_BASE = '/api';

export const NETWORK_ERROR_MESSAGE = 'Không thể kết nối tới máy chủ. Vui lòng kiểm tra kết nối mạng và thử lại.';

/** How long a request waits for the server's answer before it says so (issue 25: seconds, not a locked window). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A file upload (an image, an import) may take longer on a slow line. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export const TIMEOUT_MESSAGE = `Máy chủ không trả lời sau ${REQUEST_TIMEOUT_MS / 1000} giây. Vui lòng thử lại.`;

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** The `code` of an ApiError for a request the server never answered (status 0). */
export const NO_ANSWER_CODES = { network: 'NETWORK_ERROR', timeout: 'TIMEOUT' } as const;

export class ApiError extends Error {
  readonly status: number;
  /** The server's stable machine word (`SLOT_FULL`, ...) when it sent one. */
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  /** Send the stored bearer token (default). Public calls pass false. */
  auth?: boolean;
  /**
   * Text of the error when the server answers without one (the specification's 'Failed to ...' texts);
   * a server that does not answer at all gets NETWORK_ERROR_MESSAGE or TIMEOUT_MESSAGE instead.
   */
  fallbackMessage?: string;
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful body; 'blob' for bytes, 'download' for a file with the server's name (CSV, Excel template). */
  /** 'stream': the body as it arrives (NDJSON progress), once the status is known to be a success. */
  responseType?: 'json' | 'text' | 'blob' | 'download' | 'stream';
  /**
   * A 401 on a call that carried a token ends the session (storage cleared, reason 'expired').
   * Calls where 401 can mean something else pass false.
   */
  expireSessionOn401?: boolean;
  /** How long to wait for the answer's status; REQUEST_TIMEOUT_MS, or UPLOAD_TIMEOUT_MS for a file body. */
  timeoutMs?: number;
  /**
   * The `Idempotency-Key` of one intent of the person that may be sent twice (one submission of a form,
   * one press of a button that creates: see useIntentKey). Without it every call is an intent of its own.
   */
  idempotencyKey?: string;
};

/** The error text rule: the server's `message`, else its `error`, else the caller's fallback. */
export function errorMessageFrom(status: number, body: unknown, fallbackMessage?: string): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return fallbackMessage || `HTTP error! status: ${status}`;
}

export function buildUrl(path: string, params?: QueryParams): string {
  const base = /^https?:\/\//.test(path) ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!params) return base;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file name of a Content-Disposition header: filename*=UTF-8''… or filename="…". */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

export type Download = { blob: Blob; fileName: string | null };

/**
 * How a request reaches the server: the browser's fetch, or, when the server renders a public page
 * ahead (entry-server.tsx), the server's own request handler.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

export function setApiTransport(next: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = next;
}

/** How long a resend of a call waits for the first sending's answer before giving up. */
const IN_PROGRESS_WAIT_MS = 30_000;

/**
 * The `Idempotency-Key` of a request that changes something (issue 25, issue 35): a key stands for one
 * intent of the person, never for "the same bytes within a while". Each call gets a fresh key, which
 * the client's own resends of that call keep (the wait on a 409 IDEMPOTENCY_IN_PROGRESS); a form that
 * may be submitted twice (a double click on 'Đặt lịch') passes its own key for the submission, so a
 * toggle pressed twice ('Nổi bật', 'Thích') is two acts while a double submission is one.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { auth = true, fallbackMessage, params, signal, responseType = 'json', expireSessionOn401 = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const url = buildUrl(path, params);
  const idempotent = method !== 'GET' && typeof payload !== 'object';
  if (idempotent) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newIdempotencyKey();

  // A time-out of our own, joined to the caller's signal: the caller's abort stays an AbortError.
  const timeoutMs = options.timeoutMs ?? (typeof payload === 'object' ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });
  const send = () => transport(url, { method, headers, body: payload, signal: controller.signal });

  let response: Response;
  try {
    response = await send();
    // The same intent is still being answered (a double submission): its answer comes to this one too.
    for (let waited = 0; idempotent && response.status === 409 && waited < IN_PROGRESS_WAIT_MS;) {
      const refusal = (await response
        .clone()
        .json()
        .catch(() => null)) as { code?: string } | null;
      if (refusal?.code !== 'IDEMPOTENCY_IN_PROGRESS') break;
      const pause = Math.min(Number(response.headers.get('retry-after')) * 1000 || 1000, 1000);
      await new Promise((resolve) => setTimeout(resolve, pause));
      waited += pause;
      response = await send();
    }
  } catch (cause) {
    if (timedOut) {
      reportConnection('offline');
      throw new ApiError(0, TIMEOUT_MESSAGE, NO_ANSWER_CODES.timeout);
    }
    if (signal?.aborted || (cause instanceof DOMException && cause.name === 'AbortError')) throw cause;
    // No answer at all: never the 'Failed to ...' text meant for an answer without a message.
    reportConnection('offline');
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, NO_ANSWER_CODES.network);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
  if (!GATEWAY_STATUSES.has(response.status)) reportConnection('online');

  if (!response.ok) {
    const errorBody = await readBody(response).catch(() => undefined);
    // A gateway answering for a server that is down (502/503/504 without the server's error shape).
    if (GATEWAY_STATUSES.has(response.status) && !(errorBody && typeof errorBody === 'object')) {
      reportConnection('offline');
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, NO_ANSWER_CODES.network);
    }
    if (response.status === 401 && token && expireSessionOn401) clearAuth('expired');
    const code =
      errorBody && typeof errorBody === 'object' && typeof (errorBody as { code?: unknown }).code === 'string'
        ? (errorBody as { code: string }).code
        : undefined;
    throw new ApiError(response.status, errorMessageFrom(response.status, errorBody, fallbackMessage), code, errorBody);
  }

  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  if (responseType === 'stream') return response.body as T;
  if (responseType === 'download')
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) } as T;
  if (responseType === 'text') return (await response.text()) as T;
  // An empty body counts as success (the specification's PUT /appointments/{id}).
  return (await readBody(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** GET a file: its bytes and the name the server gave it. */
  download: (path: string, options?: RequestOptions) =>
    request<Download>('GET', path, undefined, { ...options, responseType: 'download' }),
};
