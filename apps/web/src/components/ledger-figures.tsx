import {
  formatVnd,
  LEDGER_LABELS,
  PAYMENT_REPORT_METHOD_LABELS,
  PAYMENT_REPORT_TOTAL_LABEL,
  type LedgerSummary,
} from '@clinic/shared';

/** How the figures are counted, said the same wherever they are shown (README, "Money in, refunds out"). */
export const LEDGER_RULE =
  'Mỗi khoản tính một lần, vào ngày sổ thanh toán ghi nhận tiền (giờ Việt Nam): tiền đặt cọc và thanh toán qua VNPay, MoMo, VietQR; tại quầy là phần nhân viên thu khi đánh dấu đã thanh toán (trừ tiền cọc đã tính). Hoàn tiền tính vào ngày hoàn tất.';

const count = (n: number) => `${n.toLocaleString('vi-VN')} lượt`;

/**
 * The money of a day or a period (issue 35): in, refunds out and net, then per method. The Dashboard
 * and Booking History's payments report show it from the one server computation, with these labels.
 */
export function LedgerFigures({ summary, caption }: { summary: LedgerSummary; caption: string }) {
  const { total } = summary;
  const tiles = [
    { key: 'in', label: LEDGER_LABELS.in, amount: total.amount, hint: count(total.count), tone: 'bg-slate-50' },
    {
      key: 'out',
      label: LEDGER_LABELS.out,
      amount: total.refundAmount,
      hint: count(total.refundCount),
      tone: 'bg-slate-50',
    },
    {
      key: 'net',
      label: LEDGER_LABELS.net,
      amount: total.net,
      hint: `${LEDGER_LABELS.in} − ${LEDGER_LABELS.out}`,
      tone: 'bg-brand-50',
    },
  ];
  return (
    <div className="space-y-3">
      <dl aria-label={`${caption}: tổng`} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {tiles.map((t) => (
          <div key={t.key} className={`rounded-lg p-3 ${t.tone}`}>
            <dt className="text-xs font-medium text-slate-600">{t.label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatVnd(t.amount)}</dd>
            <dd className="text-xs text-slate-600">{t.hint}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}: theo phương thức</caption>
          <thead className="text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Phương thức
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {LEDGER_LABELS.in}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {LEDGER_LABELS.out}
              </th>
              <th scope="col" className="py-2 text-right">
                {LEDGER_LABELS.net}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {summary.byMethod.map((m) => (
              <tr key={m.method}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  {PAYMENT_REPORT_METHOD_LABELS[m.method]}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatVnd(m.amount)} <span className="block text-xs text-slate-500">{count(m.count)}</span>
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatVnd(m.refundAmount)}{' '}
                  <span className="block text-xs text-slate-500">{count(m.refundCount)}</span>
                </td>
                <td className="py-2 text-right tabular-nums">{formatVnd(m.amount - m.refundAmount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold">
            <tr>
              <th scope="row" className="py-2 pr-4">
                {PAYMENT_REPORT_TOTAL_LABEL}
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{formatVnd(total.amount)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatVnd(total.refundAmount)}</td>
              <td className="py-2 text-right tabular-nums">{formatVnd(total.net)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
