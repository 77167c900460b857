import { useState } from 'react';
import { ApiError, newIdempotencyKey } from './api-client';

export type IntentKey = {
  /** The key of this submission: the same while the same body is sent again and not yet answered. */
  keyFor: (body: unknown) => string;
  /** The submission was answered (done or refused): the next one is a new intent. */
  settled: (error?: unknown) => void;
};

/**
 * The `Idempotency-Key` of one submission of a form or one press of a button that creates (issue 35).
 * A double click on 'Đặt lịch' sends the same body twice while the first is on its way: both carry
 * one key and the server creates once. Once the server answered, the next submission is a new
 * intent with a new key. A send the server never answered (no connection, a time-out) keeps its key,
 * so sending it again cannot do it twice; another body is another intent.
 */
export function createIntentKey(): IntentKey {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body ?? null);
      if (!current || current.body !== text) current = { key: newIdempotencyKey(), body: text };
      return current.key;
    },
    settled(error) {
      if (!(error instanceof ApiError && error.status === 0)) current = null;
    },
  };
}

/** createIntentKey for a form's life: made when it mounts, renewed after each answered submission. */
export function useIntentKey(): IntentKey {
  const [intent] = useState(createIntentKey);
  return intent;
}

/**
 * The mutationFn of a form or a creating button: `send` gets the key of the submission (useIntentKey),
 * so a double submission of the same body is done once and the next submission is done again.
 */
export function useSubmission<TVariables, TResult>(
  send: (variables: TVariables, idempotencyKey: string) => Promise<TResult>,
): (variables: TVariables) => Promise<TResult> {
  const intent = useIntentKey();
  return async (variables) => {
    try {
      const result = await send(variables, intent.keyFor(variables));
      intent.settled();
      return result;
    } catch (error) {
      intent.settled(error);
      throw error;
    }
  };
}
