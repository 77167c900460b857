import { useState } from 'react';
import toast from 'react-hot-toast';
import { Copy, KeyRound } from 'lucide-react';
import type { CreateAccountsResult } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** The new accounts with their temporary passwords (shown this once), and each appointment skipped with why. */
export function CreateAccountsResultModal({ result, onClose }: { result: CreateAccountsResult; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const asText = result.created.map((a) => `${a.fullName ?? ''}\t${a.username}\t${a.temporaryPassword}`).join('\n');

  async function copyAll() {
    try {
      await navigator.clipboard.writeText(asText);
      setCopied(true);
      toast.success('Đã sao chép danh sách tài khoản');
    } catch {
      toast.error('Không thể sao chép: hãy chọn và sao chép bảng bằng tay');
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Tạo tài khoản hàng loạt: kết quả"
      description={result.message}
      footer={
        <>
          {result.created.length > 0 && (
            <Button variant="secondary" onClick={() => void copyAll()}>
              <Copy aria-hidden="true" className="size-4" />
              {copied ? 'Đã sao chép' : 'Sao chép tất cả'}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            Đóng
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {result.created.length > 0 && (
          <>
            <Alert tone="warning" title="Mật khẩu tạm thời chỉ hiện một lần">
              Hãy gửi cho từng bệnh nhân tên đăng nhập và mật khẩu của họ. Khi đăng nhập lần đầu, bệnh nhân phải đổi mật
              khẩu.
            </Alert>
            <div className="overflow-x-auto rounded-lg border border-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Tài khoản đã tạo</caption>
                <thead className="bg-slate-50 text-xs text-slate-700 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Bệnh nhân
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Tên đăng nhập
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Mật khẩu tạm
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Lịch hẹn liên kết
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {result.created.map((account) => (
                    <tr key={account.userId}>
                      <td className="px-3 py-2 font-medium text-slate-900">{account.fullName ?? '—'}</td>
                      <td className="px-3 py-2 break-all text-slate-700">{account.username}</td>
                      <td className="px-3 py-2">
                        <span className="inline-flex items-center gap-1.5 rounded bg-slate-100 px-2 py-0.5 font-mono text-slate-900">
                          <KeyRound aria-hidden="true" className="size-3.5 text-slate-500" />
                          {account.temporaryPassword}
                        </span>
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{account.linkedAppointments}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {result.skipped.length > 0 && (
          <section aria-labelledby="skipped-title">
            <h3 id="skipped-title" className="text-sm font-semibold text-slate-900">
              Bỏ qua ({result.skipped.length})
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
              {result.skipped.map((s) => (
                <li key={s.appointmentId} className="px-3 py-2">
                  <span className="font-medium text-slate-900">#{s.appointmentId}</span>{' '}
                  <span className="text-slate-600">{s.reason}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Modal>
  );
}
