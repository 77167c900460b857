// A create or an action sent twice (a double click, a request sent again after a lost answer) is done
// once (issue 25): the client names the request with an `Idempotency-Key` header (the IETF draft
// "The Idempotency-Key HTTP Header Field"), and the server answers a repeat with the first answer.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The header the server adds to an answer given again from its store. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** Printable ASCII without spaces, as a UUID or a ULID is; at most this long. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long an answer is kept for its key. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

export const IDEMPOTENCY_MSG = {
  invalidKey: 'Idempotency-Key không hợp lệ (tối đa 255 ký tự, không có khoảng trắng)',
  inProgress: 'Yêu cầu này đang được xử lý. Vui lòng chờ trong giây lát.',
  reused: 'Idempotency-Key này đã được dùng cho một yêu cầu khác',
} as const;
