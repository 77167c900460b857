import { RefreshCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';

/** A load that failed: what, the server's reason, and a retry ('Retry' on the English admin screens). */
export function LoadErrorAlert({
  title,
  message,
  onRetry,
  retrying,
  retryLabel = 'Thử lại',
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
  retryLabel?: string;
}) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {retryLabel}
      </Button>
    </Alert>
  );
}
