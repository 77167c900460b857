import { useId, useState } from 'react';
import { CONSENT_PURPOSE_LABELS, PRIVACY_MSG, PRIVACY_NOTICE, formatDate, type ConsentPurpose } from '@clinic/shared';
import { useConsentRenewal, useRenewConsent, type DataSubject } from '@/api/personal-data';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { serverErrorText } from '@/lib/error-message';

/**
 * A new version of the privacy notice (issue 26): each consent she gave under an earlier one and
 * still holds is asked again, with an unticked box; nothing shows when there is none to ask.
 */
export function ConsentRenewalCard({ subject }: { subject: DataSubject }) {
  const renewal = useConsentRenewal(subject);
  const [done, setDone] = useState<string | null>(null);
  const due = renewal.data?.due ?? [];
  if (due.length === 0)
    return done ? (
      <Alert tone="success" role="status">
        {done}
      </Alert>
    ) : null;
  return (
    <div
      role="region"
      aria-label={PRIVACY_MSG.renewalTitle}
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 className="text-base font-semibold">{PRIVACY_MSG.renewalTitle}</h3>
      <p>
        {PRIVACY_MSG.renewalIntro(renewal.data!.noticeVersion, formatDate(renewal.data!.noticeDate))}{' '}
        <a href={PRIVACY_NOTICE.path} className="font-medium underline underline-offset-2">
          Đọc chính sách bảo mật
        </a>
      </p>
      {due.map((d) => (
        <RenewOne key={d.purpose} subject={subject} purpose={d.purpose} onDone={setDone} />
      ))}
    </div>
  );
}

function RenewOne({
  subject,
  purpose,
  onDone,
}: {
  subject: DataSubject;
  purpose: ConsentPurpose;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renew = useRenewConsent(subject);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!agree) {
          setError(PRIVACY_MSG.renewalRequired);
          return;
        }
        setError(null);
        renew.mutate(
          { purpose, agree: true },
          {
            onSuccess: (answer) => onDone(answer.message),
            onError: (err) => setError(serverErrorText(err, 'message') ?? 'Không gửi được. Vui lòng thử lại.'),
          },
        );
      }}
    >
      <div className="flex items-start gap-3">
        <input
          id={`${id}-agree`}
          type="checkbox"
          checked={agree}
          onChange={(e) => setAgree(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
        />
        <label htmlFor={`${id}-agree`} className="cursor-pointer">
          {PRIVACY_MSG.renewalAgree} <strong>{CONSENT_PURPOSE_LABELS[purpose]}</strong>
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" loading={renew.isPending}>
        {PRIVACY_MSG.renewalSubmit}
      </Button>
    </form>
  );
}
