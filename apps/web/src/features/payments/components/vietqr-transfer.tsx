import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy, ExternalLink } from 'lucide-react';
import { formatVnd, VIETQR_DEEP_LINK_APPS, vietQrDeepLink, type StartPaymentResponse } from '@clinic/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { VietQrCode } from './vietqr-code';

type Field = { key: string; label: string; shown: string; copied: string; strong?: boolean };

/**
 * VietQR on the phone she pays from (issue 35): she cannot scan a code on her own screen, so the
 * transfer's details come first, each with 'Sao chép' to paste into her banking app; the apps that
 * VietQR.io's deep link fills in; and the code, for a banking app on another device.
 */
export function VietQrTransfer({ answer }: { answer: StartPaymentResponse }) {
  const bank = answer.bank;
  const fields: Field[] = [
    ...(bank
      ? [
          { key: 'bank', label: 'Ngân hàng', shown: bank.name, copied: bank.name },
          { key: 'account', label: 'Số tài khoản', shown: bank.accountNo, copied: bank.accountNo, strong: true },
          ...(bank.accountName
            ? [{ key: 'holder', label: 'Chủ tài khoản', shown: bank.accountName, copied: bank.accountName }]
            : []),
        ]
      : []),
    // Digits only: what a banking app's amount field takes.
    { key: 'amount', label: 'Số tiền', shown: formatVnd(answer.amount), copied: String(answer.amount), strong: true },
    { key: 'memo', label: 'Nội dung chuyển khoản', shown: answer.reference, copied: answer.reference, strong: true },
  ];
  const deepLinks = bank
    ? VIETQR_DEEP_LINK_APPS.flatMap((app) => {
        const href = vietQrDeepLink(app.appId, {
          bankBin: bank.bin,
          accountNo: bank.accountNo,
          amount: answer.amount,
          memo: answer.reference,
          accountName: bank.accountName,
        });
        return href ? [{ ...app, href }] : [];
      })
    : [];

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Chuyển khoản VietQR</h2>
        <p className="mt-1 text-sm text-slate-700">
          Mở ứng dụng ngân hàng trên điện thoại này và chuyển khoản theo thông tin dưới đây; bấm &lsquo;Sao chép&rsquo;
          rồi dán vào ứng dụng. Ghi đúng nội dung chuyển khoản để phòng khám nhận ra khoản thanh toán của bạn.
        </p>
      </div>
      <CopyList fields={fields} />
      {deepLinks.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Mở sẵn thông tin trong ứng dụng ngân hàng</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-3">
            {deepLinks.map((l) => (
              <li key={l.appId}>
                <a
                  href={l.href}
                  rel="noopener"
                  className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-slate-600">
            Dùng ngân hàng khác? Chép số tài khoản, số tiền và nội dung như trên.
          </p>
        </div>
      )}
      <div className="flex flex-col items-center gap-2 border-t border-slate-200 pt-4 text-center">
        <h3 className="text-sm font-semibold text-slate-900">
          Hoặc quét mã bằng ứng dụng ngân hàng trên thiết bị khác
        </h3>
        <VietQrCode payload={answer.qrPayload ?? ''} label="Mã VietQR để chuyển khoản" />
      </div>
      <p className="text-sm text-slate-500">Phòng khám sẽ xác nhận khi nhận được tiền.</p>
    </div>
  );
}

/** The transfer's details, each with its own 'Sao chép' and a confirmation a screen reader hears too. */
function CopyList({ fields }: { fields: Field[] }) {
  const statusId = useId();
  const [copied, setCopied] = useState<{ key: string; ok: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(field: Field) {
    let ok = true;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(field.copied);
    } catch {
      ok = false;
    }
    setCopied({ key: field.key, ok });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), 4000);
  }

  const said = copied && fields.find((f) => f.key === copied.key);
  return (
    <>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {fields.map((f) => {
          const done = copied?.key === f.key && copied.ok;
          return (
            <div key={f.key} className="px-3 py-2">
              <dt className="text-xs text-slate-600">{f.label}</dt>
              <dd className="flex items-center justify-between gap-3">
                <span
                  // The memo (18+ characters) a size smaller: on one line beside its button on a 412-px phone.
                  className={`min-w-0 break-all ${f.strong ? `font-mono font-semibold text-slate-900 ${f.key === 'memo' ? 'text-sm' : 'text-base'}` : 'text-sm text-slate-900'}`}
                >
                  {f.shown}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  className="min-h-11 shrink-0"
                  aria-label={`${done ? 'Đã sao chép' : 'Sao chép'} ${f.label.toLowerCase()}`}
                  onClick={() => void copy(f)}
                >
                  {done ? (
                    <Check aria-hidden="true" className="size-4" />
                  ) : (
                    <Copy aria-hidden="true" className="size-4" />
                  )}
                  {done ? 'Đã sao chép' : 'Sao chép'}
                </Button>
              </dd>
            </div>
          );
        })}
      </dl>
      {/* The button says it to the eye; a screen reader hears it here. */}
      <p id={statusId} role="status" className={said && !copied?.ok ? 'text-sm text-amber-800' : 'sr-only'}>
        {said &&
          (copied?.ok
            ? `Đã sao chép ${said.label.toLowerCase()}: ${said.copied}`
            : `Không sao chép tự động được. Hãy nhấn giữ vào ${said.label.toLowerCase()} để chọn rồi sao chép.`)}
      </p>
    </>
  );
}
