import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MSG,
  BOOKING_UI_MSG,
  bookingWindow,
  clinicMoment,
  formatDate,
  formatLongDate,
  paidNoShowWarning,
  PATIENT_MSG,
  type PatientVisit,
} from '@clinic/shared';
import { CarePlanOfVisit } from '@/components/care-plan-of-visit';
import { TimeSlotPicker } from '@/components/time-slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Input, inputClasses, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useAvailability } from '@/api/check-availability';
import { SlotAvailabilityNote, slotUnavailable } from '@/components/slot-availability-note';
import { dateProblem, slotsFor } from '@/lib/clinic-calendar';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useBackOfficeErrorText, useBackOfficeText } from '@/hooks/use-back-office-text';
import { useSaveExaminationNotes } from '../api/save-examination-notes';
import { VisitChoice } from './visit-choice';
import { FOLLOW_UP_STEPS, followUpStepDate } from '../follow-up-steps';

type Outcome = 'COMPLETED' | 'NO_SHOW';

/**
 * 'Ghi chú khám bệnh' (specification section 2): the visit (the doctor's choice among those that
 * have come, the first preselected), its outcome (COMPLETED, which checks the payment, or NO_SHOW,
 * which on a paid visit says what happens to the payment first), six rows of notes, and an optional
 * follow-up visit (date and time required, reason optional) that is booked and confirmed with the doctor.
 */
export function ExaminationNotesModal({
  patientName,
  visits,
  onClose,
}: {
  patientName: string;
  /** The visits he may choose from, the default first (PatientSummary.actionableAppointments). */
  visits: PatientVisit[];
  onClose: () => void;
}) {
  const save = useSaveExaminationNotes();
  const t = useBackOfficeText();
  const errorText = useBackOfficeErrorText();
  const zone = clinicTimeZone();
  const now = new Date();
  const [visitId, setVisitId] = useState(visits[0]!.id);
  const visit = visits.find((v) => v.id === visitId) ?? visits[0]!;
  const [status, setStatus] = useState<Outcome>('COMPLETED');
  const [notes, setNotes] = useState(visit.notes ?? '');
  const paidNoShow = status === 'NO_SHOW' && visit.status === 'PAID';
  const [followUp, setFollowUp] = useState(false);
  const [date, setDate] = useState('');
  /** The Sunday a quick date fell on, moved to the next working day (shown under the date). */
  const [movedFrom, setMovedFrom] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');

  const dateIssue = followUp && date ? dateProblem(date, now, zone) : null;
  const slots = followUp ? slotsFor(date, now, zone) : [];
  const missing = followUp && (!date || !time);
  const notesTooLong = notes.trim().length > APPOINTMENT_LIMITS.notes;
  const reasonTooLong = reason.trim().length > APPOINTMENT_LIMITS.reason;
  const availability = useAvailability(
    followUp && date && time && !dateIssue ? { date, time, department: visit.department } : null,
  );
  const unavailable = slotUnavailable(availability.data);

  function submit() {
    if (missing || dateIssue || notesTooLong || reasonTooLong || unavailable) return;
    save.mutate(
      {
        id: visit.id,
        notes: notes.trim() || null,
        status,
        ...(paidNoShow ? { confirmPaidNoShow: true } : {}),
        followUp: followUp
          ? {
              appointmentDate: date,
              appointmentTime: time,
              reason: reason.trim() || null,
              department: visit.department,
            }
          : null,
      },
      {
        onSuccess: (result) => {
          toast.success(
            result.followUp
              ? `${result.message} ${APPOINTMENT_MSG.followUpCreated}: ${formatDate(result.followUp.appointmentDate, zone)} ${result.followUp.appointmentTime}.`
              : result.message,
            {
              duration: 6000,
            },
          );
          onClose();
        },
        onError: (error) => toast.error(errorText(error, BOOKING_UI_MSG.notesApiFailed)),
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={save.isPending}
      size="lg"
      title="Ghi chú khám bệnh"
      description={`${patientName} · #${visit.id}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('Cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={save.isPending || missing}>
            {save.isPending ? t('Saving...') : followUp ? t('Save Notes & Schedule Follow-up') : t('Save Notes')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <VisitChoice
          visits={visits}
          value={visit.id}
          disabled={save.isPending}
          onChange={(id) => {
            // Notes typed for one visit stay; untouched ones follow the chosen visit.
            if (notes === (visit.notes ?? '')) setNotes(visits.find((v) => v.id === id)?.notes ?? '');
            setVisitId(id);
          }}
        />
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium text-slate-500">Ngày khám</dt>
            <dd className="text-sm text-slate-900">{formatDate(visit.appointmentDate, zone)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Giờ khám</dt>
            <dd className="text-sm text-slate-900">{visit.appointmentTime.slice(0, 5)}</dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs font-medium text-slate-500">Lý do khám</dt>
            <dd className="text-sm break-words text-slate-900">
              {visit.reason?.trim() ? (
                visit.reason
              ) : (
                <span className="text-slate-500 italic">{t(PATIENT_MSG.notSpecified)}</span>
              )}
            </dd>
          </div>
        </dl>

        {/* A visit of a care plan (issue 37): his notes complete its milestone. */}
        <CarePlanOfVisit appointmentId={visit.id} />

        {paidNoShow && (
          <Alert tone="warning" title="Lịch hẹn đã thanh toán">
            {paidNoShowWarning(visit.paymentAmount)}
          </Alert>
        )}

        {save.isError && <Alert tone="error">{errorText(save.error, BOOKING_UI_MSG.notesApiFailed)}</Alert>}

        <FormField
          label="Kết quả khám"
          hint={
            status === 'COMPLETED' ? 'Nếu bệnh nhân chưa thanh toán, lịch hẹn chuyển sang Cần thanh toán.' : undefined
          }
        >
          {(c) => (
            <select
              {...c}
              className={inputClasses}
              value={status}
              onChange={(event) => setStatus(event.target.value as Outcome)}
            >
              <option value="COMPLETED">Đã khám</option>
              <option value="NO_SHOW">Không đến khám</option>
            </select>
          )}
        </FormField>

        <FormField
          label="Ghi chú của bác sĩ"
          error={notesTooLong ? APPOINTMENT_MSG.notesTooLong : undefined}
          hint={<CharCount length={notes.trim().length} max={APPOINTMENT_LIMITS.notes} />}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={6}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              placeholder="Chẩn đoán, chỉ định, lời dặn..."
              data-autofocus
            />
          )}
        </FormField>

        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-brand-700 focus-visible:ring-brand-600"
            checked={followUp}
            onChange={(event) => setFollowUp(event.target.checked)}
            aria-controls="follow-up-form"
            aria-expanded={followUp}
          />
          Lên lịch tái khám cho bệnh nhân
        </label>

        {followUp && (
          <fieldset id="follow-up-form" className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Lịch tái khám</legend>
            {missing && <p className="text-sm text-slate-600">{APPOINTMENT_MSG.followUpDateTimeRequired}</p>}
            <FormField
              label="Ngày tái khám"
              required
              error={dateIssue ?? undefined}
              hint={
                date && !dateIssue ? (
                  movedFrom ? (
                    <span role="status">
                      {formatDate(movedFrom, zone)} là Chủ nhật, phòng khám nghỉ: đã chọn ngày làm việc kế tiếp,{' '}
                      {formatLongDate(date)}.
                    </span>
                  ) : (
                    formatLongDate(date)
                  )
                ) : undefined
              }
            >
              {(c) => (
                <Input
                  {...c}
                  type="date"
                  min={clinicMoment(now, zone).date}
                  max={bookingWindow(now, zone).maxDate}
                  value={date}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setMovedFrom(null);
                    setTime('');
                  }}
                />
              )}
            </FormField>
            <div className="-mt-2 flex flex-wrap gap-2" role="group" aria-label="Chọn nhanh ngày tái khám">
              {FOLLOW_UP_STEPS.map((step) => (
                <Button
                  key={step.label}
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    const next = followUpStepDate(step, clinicMoment(now, zone).date);
                    setDate(next.date);
                    setMovedFrom(next.movedFrom);
                    setTime('');
                  }}
                >
                  {step.label}
                </Button>
              ))}
            </div>
            <TimeSlotPicker
              name="follow-up-time"
              legend="Giờ tái khám"
              slots={slots}
              value={time}
              onChange={setTime}
              emptyMessage={
                !date
                  ? 'Vui lòng chọn ngày tái khám trước'
                  : dateIssue
                    ? APPOINTMENT_MSG.noBookableSlotsOnDate
                    : slots.length === 0
                      ? APPOINTMENT_MSG.noSlotsLeftToday
                      : null
              }
            />
            {date && time && !dateIssue && <SlotAvailabilityNote availability={availability} />}
            <FormField
              label="Lý do tái khám"
              error={reasonTooLong ? APPOINTMENT_MSG.reasonTooLong : undefined}
              hint={<CharCount length={reason.trim().length} max={APPOINTMENT_LIMITS.reason} />}
            >
              {(c) => (
                <Textarea
                  {...c}
                  rows={3}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  placeholder={APPOINTMENT_MSG.defaultFollowUpReason}
                />
              )}
            </FormField>
          </fieldset>
        )}
      </div>
    </Modal>
  );
}
