import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  DEPOSIT_HOLD_MINUTES,
  departmentDepositRequestSchema,
  formatVnd,
  PAYMENT_MSG,
  type Department,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { useDepartments } from './api/get-departments';
import { useSetDepartmentDeposit } from './api/set-department-deposit';

const TITLE = 'Khoa khám';

/**
 * 'Khoa khám' (ADMIN; issue 28): the deposit each department asks of a public booking to hold its
 * slot. Empty: none (the default). The front desk's bookings are never asked one.
 */
export default function DepartmentsPage() {
  usePageTitle(TITLE);
  const list = useDepartments();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{TITLE}</h1>
        <p className="mt-1 text-slate-600">
          Khoa có tiền đặt cọc: lịch đặt trực tuyến được giữ chỗ {DEPOSIT_HOLD_MINUTES} phút để người bệnh thanh toán
          đặt cọc; quá hạn chưa thanh toán, lịch tự động bị hủy và chỗ được mời cho người đầu tiên trong danh sách chờ.
          Tiền đặt cọc được trừ vào khoản thanh toán của lần khám. Để trống: không yêu cầu đặt cọc.
        </p>
      </div>
      {list.isPending && <Spinner size="lg" label="Đang tải..." />}
      {list.isError && <Alert>Không tải được danh sách khoa.</Alert>}
      {list.data && (
        <ul className="space-y-3">
          {list.data.map((d) => (
            <li key={d.code}>
              <DepositForm department={d} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DepositForm({ department }: { department: Department }) {
  const [value, setValue] = useState(department.depositAmount != null ? String(department.depositAmount) : '');
  const [error, setError] = useState<string | undefined>();
  const save = useSetDepartmentDeposit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const digits = value.replace(/[.\s]/g, '');
    const parsed = departmentDepositRequestSchema.safeParse({ depositAmount: digits === '' ? null : Number(digits) });
    if (!parsed.success) {
      setError(PAYMENT_MSG.depositInvalid);
      return;
    }
    setError(undefined);
    save.mutate(
      { code: department.code, depositAmount: parsed.data.depositAmount },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.depositAmount != null
              ? `${saved.departmentName}: ${PAYMENT_MSG.depositLabel.toLowerCase()} ${formatVnd(saved.depositAmount)}`
              : `${saved.departmentName}: không yêu cầu đặt cọc`,
          ),
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end"
    >
      <div className="sm:w-1/3">
        <p className="font-semibold text-slate-900">{department.departmentName}</p>
        <p className="text-sm text-slate-600">{department.slotCapacity} chỗ mỗi khung giờ</p>
      </div>
      <FormField
        label={`${PAYMENT_MSG.depositLabel} (VNĐ) – ${department.departmentName}`}
        error={error}
        className="flex-1"
      >
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            placeholder="Không yêu cầu"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 px-3 text-slate-900"
          />
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        Lưu
      </Button>
    </form>
  );
}
