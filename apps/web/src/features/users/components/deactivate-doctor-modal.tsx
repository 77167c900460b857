import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDate, USER_MSG, type BulkResult, type User } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { AppointmentStatusBadge } from '@/components/appointment-status-badge';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useChangeUserStatus } from '../api/change-user-status';
import { useActiveDoctors } from '../api/get-active-doctors';
import { useOwedVisits } from '../api/get-owed-visits';
import { BULK_ASSIGN_FAILED, useBulkAssignDoctor } from '../api/reassign-visits';
import { displayName } from '../user-labels';

/**
 * Deactivating a doctor (issue 25, defect 4): the window asks first and lists his upcoming visits
 * (waiting for his approval, confirmed, paid); once he is deactivated the same window gives them to
 * another doctor. Opened again for an inactive doctor, it offers the reassignment only.
 */
export function DeactivateDoctorModal({ user, onClose }: { user: User; onClose: () => void }) {
  const owed = useOwedVisits(user.id);
  const deactivate = useChangeUserStatus();
  const reassign = useBulkAssignDoctor();
  const [done, setDone] = useState(!user.active);
  const [doctorId, setDoctorId] = useState('');
  const [result, setResult] = useState<BulkResult | null>(null);
  const visits = owed.data?.items ?? [];
  const doctors = useActiveDoctors(done && visits.length > 0);
  const others = (doctors.data ?? []).filter((d) => d.id !== user.id && d.active);
  const name = displayName(user);
  const busy = deactivate.isPending || reassign.isPending;

  function confirm() {
    deactivate.mutate(
      { id: user.id, active: false },
      {
        onSuccess: (res) => {
          toast.success(`${res.message}: ${name}`);
          if (visits.length === 0) onClose();
          else setDone(true);
        },
      },
    );
  }

  function move() {
    if (!doctorId) return;
    reassign.mutate(
      { ids: visits.map((v) => v.id), doctorId: Number(doctorId) },
      {
        onSuccess: (res) => {
          setResult(res);
          if (res.failed === 0 && res.skipped === 0) {
            toast.success(res.message);
            onClose();
          } else void owed.refetch();
        },
      },
    );
  }

  const footer = done ? (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Đóng
      </Button>
      {visits.length > 0 && (
        <Button onClick={move} loading={reassign.isPending} disabled={!doctorId}>
          Chuyển {visits.length} lịch hẹn
        </Button>
      )}
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
        Đóng
      </Button>
      <Button variant="danger" onClick={confirm} loading={deactivate.isPending} disabled={owed.isPending}>
        Deactivate
      </Button>
    </>
  );

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={busy}
      title={done ? `Chuyển lịch hẹn của ${name}` : `Deactivate ${name}?`}
      description={
        done
          ? 'Bác sĩ đã ngừng hoạt động. Chọn bác sĩ nhận các lịch hẹn sắp tới của bác sĩ này.'
          : 'Tài khoản sẽ không đăng nhập được nữa và không được chỉ định lịch hẹn mới.'
      }
      footer={footer}
    >
      <div className="space-y-4">
        {deactivate.isError && <Alert tone="error">{errorMessage(deactivate.error, USER_MSG.deactivateFailed)}</Alert>}
        {reassign.isError && <Alert tone="error">{errorMessage(reassign.error, BULK_ASSIGN_FAILED)}</Alert>}
        {result && (result.failed > 0 || result.skipped > 0) && (
          <Alert tone="warning" title={result.message}>
            <ul className="list-disc pl-5">
              {result.results
                .filter((r) => r.outcome !== 'success')
                .map((r) => (
                  <li key={r.id}>
                    #{r.id}: {r.reason}
                  </li>
                ))}
            </ul>
          </Alert>
        )}
        {owed.isPending ? (
          <Spinner label="Đang tải lịch hẹn sắp tới..." />
        ) : owed.isError ? (
          <Alert tone="error">{errorMessage(owed.error, 'Không thể tải các lịch hẹn sắp tới của bác sĩ')}</Alert>
        ) : visits.length === 0 ? (
          <p className="text-sm text-slate-700">Bác sĩ không có lịch hẹn sắp tới nào cần chuyển.</p>
        ) : (
          <div>
            <p className="mb-2 text-sm font-medium text-slate-900">
              {visits.length} lịch hẹn sắp tới (chờ bác sĩ duyệt, đã xác nhận, đã thanh toán):
            </p>
            <ul
              className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
              aria-label="Lịch hẹn sắp tới"
            >
              {visits.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span>
                    #{v.id} · {formatDate(v.appointmentDate)} {v.appointmentTime} · {v.fullName}
                  </span>
                  <AppointmentStatusBadge status={v.status} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {done && visits.length > 0 && (
          <FormField label="Bác sĩ nhận lịch hẹn" required hint="Bác sĩ phải phù hợp với khoa của từng lịch hẹn.">
            {(c) => (
              <select
                {...c}
                value={doctorId}
                onChange={(event) => setDoctorId(event.target.value)}
                className={inputClasses}
                data-autofocus
              >
                <option value="">Chọn bác sĩ...</option>
                {others.map((d) => (
                  <option key={d.id} value={d.id}>
                    {displayName(d)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
      </div>
    </Modal>
  );
}
