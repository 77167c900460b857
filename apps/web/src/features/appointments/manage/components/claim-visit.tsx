import { Link, useLocation } from 'react-router';
import { UserPlus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { serverMessageOr } from '@/lib/error-message';
import { useClaimByLink } from '../../api/claim-by-link';

const CLAIM_FAILED = 'Không thể thêm lịch hẹn vào tài khoản. Vui lòng thử lại.';

/**
 * 'Thêm vào tài khoản của tôi' (issue 25, defect 9): a visit booked signed out joins the signed-in
 * patient's 'Lịch hẹn của tôi' from its private link; signed out, she is offered to sign in and come
 * back here. Nothing shows once the visit is in an account, or for a back-office account.
 */
export function ClaimVisit({ token, inAccount }: { token: string; inAccount: boolean }) {
  const { isSignedIn, user } = useAuth();
  const location = useLocation();
  const claim = useClaimByLink();

  if (claim.isSuccess)
    return (
      <Alert tone="success" role="status">
        {claim.data.message}{' '}
        <Link to={paths.myAppointments} className="font-medium underline underline-offset-2">
          Xem Lịch hẹn của tôi
        </Link>
      </Alert>
    );
  if (inAccount) return null;
  if (!isSignedIn)
    return (
      <p className="text-sm text-slate-700">
        Bạn có tài khoản?{' '}
        <Link
          to={paths.login}
          state={{ from: location.pathname }}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Đăng nhập
        </Link>{' '}
        để thêm lịch hẹn này vào Lịch hẹn của tôi.
      </p>
    );
  if (user?.role !== 'PATIENT') return null;

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Lịch hẹn này được đặt khi chưa đăng nhập. Nếu bạn đặt bằng email hoặc số điện thoại của tài khoản này, bạn có
        thể thêm nó vào Lịch hẹn của tôi.
      </p>
      <Button
        variant="secondary"
        loading={claim.isPending}
        onClick={() => claim.mutate({ token })}
        className="w-full sm:w-auto"
      >
        <UserPlus aria-hidden="true" className="size-4" />
        Thêm vào tài khoản của tôi
      </Button>
      {claim.isError && (
        <Alert tone="error">{serverMessageOr(claim.error, 'Failed to add appointment to account', CLAIM_FAILED)}</Alert>
      )}
    </div>
  );
}
