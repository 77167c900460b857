/**
 * FHIR's errors: an OperationOutcome with the HTTP status (never a 5xx for bad input), and the OAuth
 * token endpoint's own `{ error, error_description }`.
 */
export type IssueType =
  | 'invalid'
  | 'not-found'
  | 'not-supported'
  | 'security'
  | 'forbidden'
  | 'conflict'
  | 'login'
  | 'throttled'
  | 'exception'
  | 'transient'
  | 'too-costly';

export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issue: IssueType,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'FhirError';
  }
}

export function operationOutcome(issue: IssueType, diagnostics: string, severity: 'error' | 'fatal' = 'error') {
  return {
    resourceType: 'OperationOutcome' as const,
    issue: [{ severity, code: issue, diagnostics }],
  };
}

/** OAuth 2.0 (RFC 6749 §5.2) errors of the token endpoint. */
export type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';

export class OAuthError extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}
