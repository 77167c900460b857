import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The root error boundary: a friendly sentence, a reload button, a way home. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <ErrorPanel detail={describe(error)} />
    </main>
  );
}

/** Inside a layout: the page failed, the header and menu stay. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="flex justify-center py-10">
      <ErrorPanel detail={describe(error)} />
    </div>
  );
}

function ErrorPanel({ detail }: { detail: string }) {
  return (
    <div
      role="alert"
      className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-700">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-4 text-xl font-bold text-slate-900">Đã xảy ra lỗi không mong muốn</h1>
      <p className="mt-2 text-slate-600">
        Rất tiếc, trang này gặp sự cố khi hiển thị. Vui lòng tải lại trang; nếu lỗi vẫn tiếp diễn, hãy liên hệ phòng
        khám.
      </p>
      {import.meta.env.DEV && detail && <p className="mt-3 font-mono text-xs break-words text-slate-500">{detail}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Tải lại trang
        </Button>
        <Link to={paths.home} reloadDocument className={buttonClasses({ variant: 'secondary' })}>
          Về trang chủ
        </Link>
      </div>
    </div>
  );
}
