import { CircleCheck, CircleX } from 'lucide-react';
import type { ImportResult } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useBackOfficeServerText, useBackOfficeText } from '@/hooks/use-back-office-text';

/** What an import did: how many users were made, how many rows failed, and why each failed. */
export function ImportResultsModal({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  const t = useBackOfficeText();
  const serverText = useBackOfficeServerText();
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t('Import results')}
      closeLabel={t('Close')}
      footer={
        <Button onClick={onClose} data-autofocus>
          {t('Close')}
        </Button>
      }
    >
      <div className="space-y-4 text-sm">
        <p role="status" className="sr-only">
          {serverText(result.message)}
        </p>
        <ul className="grid grid-cols-2 gap-2" aria-label={t('Summary')}>
          <li className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-5" />
            <span className="font-medium">{t('Imported')}</span>
            <span className="ml-auto text-lg font-bold tabular-nums">{result.successCount}</span>
          </li>
          <li className="flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            <CircleX aria-hidden="true" className="size-5" />
            <span className="font-medium">{t('Failed')}</span>
            <span className="ml-auto text-lg font-bold tabular-nums">{result.failedCount}</span>
          </li>
        </ul>
        {result.errors.length > 0 ? (
          <div className="max-h-80 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-left">
              <caption className="sr-only">{t('Rows that were not imported')}</caption>
              <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2">
                    {t('Row')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('Error')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.errors.map((e, index) => (
                  <tr key={`${e.row}-${index}`}>
                    <td className="px-3 py-2 text-slate-900 tabular-nums">{e.row}</td>
                    <td className="px-3 py-2 break-words text-slate-700">{serverText(e.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-slate-700">{t('Every row was imported.')}</p>
        )}
      </div>
    </Modal>
  );
}
