import { useState } from 'react';
import toast from 'react-hot-toast';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** The temporary password of a reset, shown this once: it is never stored in clear, so it cannot be shown again. */
export function TemporaryPasswordModal({
  name,
  password,
  onClose,
}: {
  name: string;
  password: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
      toast.success('Password copied');
    } catch {
      toast.error('Could not copy: select the password and copy it by hand');
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      title="Temporary password"
      closeLabel="Close"
      footer={
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          The password of <strong className="text-slate-900">{name}</strong> has been reset. Give them this temporary
          password:
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <output
            aria-label="Temporary password"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
          >
            {password}
          </output>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          It is shown only once. The user must change it at next sign-in.
        </p>
      </div>
    </Modal>
  );
}
