import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { homePathForRole, MSG, type LoginResponse } from '@clinic/shared';
import { refetchFailed } from '@/components/connection-banner';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { clearAuth } from '@/lib/auth-storage';
import { LoginForm } from './login-form';

export const SESSION_LOST_TITLE = 'Đăng nhập lại';

/**
 * A session that ended while she was working (issue 25, defect 5): one window over the screen she
 * is on, not a message per failed call and not a trip to /login. The screen stays underneath with
 * everything she typed; signing in again closes the window and loads again what failed.
 * Someone else signing in here starts from his own home instead.
 */
export default function SessionExpiredDialog({ userId }: { userId: number }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const queryClient = useQueryClient();
  useFocusTrap(panelRef, true);

  function handleSuccess(response: LoginResponse) {
    if (response.userId !== userId || response.mustChangePassword || response.mfaEnrolmentRequired) {
      window.location.assign(homePathForRole(response.role));
      return;
    }
    void refetchFailed(queryClient);
  }

  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className="relative max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {SESSION_LOST_TITLE}
        </h2>
        <p id={descriptionId} className="mt-1 mb-4 text-sm text-slate-600">
          {MSG.sessionExpired} Màn hình và những gì bạn đã nhập vẫn được giữ nguyên.
        </p>
        <LoginForm onSuccess={handleSuccess} idPrefix="relogin-" />
        <button
          type="button"
          className="mt-4 w-full text-center text-sm font-medium text-slate-600 hover:text-slate-900 hover:underline"
          onClick={() => clearAuth('logout')}
        >
          Thoát ra trang đăng nhập
        </button>
      </div>
    </div>,
    document.body,
  );
}
