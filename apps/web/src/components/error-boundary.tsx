import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** Replaces the default panel; receives a function that tries again. */
  fallback?: (reset: () => void) => ReactNode;
};

/** Keeps one failing panel from taking the page down with it. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.reset);
    return <PanelError onRetry={this.reset} />;
  }
}

export function PanelError({
  onRetry,
  message = 'Không thể hiển thị nội dung này.',
}: {
  onRetry?: () => void;
  message?: string;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800">
      <p className="font-semibold">Đã xảy ra lỗi</p>
      <p className="mt-1">{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Thử lại
        </Button>
      )}
    </div>
  );
}
