import { useState } from 'react';
import toast from 'react-hot-toast';
import { BOOKING_UI_MSG, paidNoShowWarning, type PatientVisit } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useBackOfficeErrorText, useBackOfficeText } from '@/hooks/use-back-office-text';
import { useSaveExaminationNotes } from '../api/save-examination-notes';
import { visitWhen } from './patient-parts';
import { VisitChoice } from './visit-choice';

/**
 * 'Vắng': asks before marking a visit missed, on the visit the doctor chooses (the first
 * preselected); a paid one says what happens to its payment before he confirms (docs/PRODUCT.md §11).
 */
export function NoShowDialog({
  patientName,
  visits,
  onClose,
}: {
  patientName: string;
  visits: PatientVisit[];
  onClose: () => void;
}) {
  const noShow = useSaveExaminationNotes();
  const t = useBackOfficeText();
  const errorText = useBackOfficeErrorText();
  const [visitId, setVisitId] = useState(visits[0]!.id);
  const visit = visits.find((v) => v.id === visitId) ?? visits[0]!;
  const paid = visit.status === 'PAID';

  function confirm() {
    noShow.mutate(
      { id: visit.id, status: 'NO_SHOW', ...(paid ? { confirmPaidNoShow: true } : {}) },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onClose();
        },
        onError: (error) => toast.error(errorText(error, BOOKING_UI_MSG.statusApiFailed)),
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={noShow.isPending}
      size="md"
      title="Đánh dấu không đến khám"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={noShow.isPending} data-autofocus>
            {t('Cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={noShow.isPending}>
            Không đến khám
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <VisitChoice visits={visits} value={visit.id} onChange={setVisitId} disabled={noShow.isPending} />
        <p>
          {patientName} không đến lịch hẹn {visitWhen(visit)}? Lịch hẹn sẽ chuyển sang "Không đến khám".
        </p>
        {paid && (
          <Alert tone="warning" title="Lịch hẹn đã thanh toán">
            {paidNoShowWarning(visit.paymentAmount)}
          </Alert>
        )}
      </div>
    </Modal>
  );
}
