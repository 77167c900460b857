import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_REQUIRED_COLUMNS,
  USER_LIMITS,
  USER_MSG,
  type ImportResult,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useBackOfficeErrorText, useBackOfficeText } from '@/hooks/use-back-office-text';
import { TEMPLATE_FAILED, TEMPLATE_FILE_NAME, useDownloadImportTemplate } from '../api/download-import-template';
import { useImportUsers } from '../api/import-users';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Only an .xlsx workbook (specification section 5 "Import"), and not past the server's size limit. */
export function checkImportFile(file: File | null): string | null {
  if (!file || !file.name.toLowerCase().endsWith('.xlsx') || file.size === 0) return USER_MSG.invalidExcel;
  if (file.size > USER_LIMITS.importMaxBytes) return USER_MSG.importTooLarge;
  return null;
}

const FORM_ID = 'import-users-form';

/** Import users from Excel (POST /api/users/import), with the template to fill in. */
export function ImportUsersModal({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useImportUsers();
  const template = useDownloadImportTemplate();
  const t = useBackOfficeText();
  const errorText = useBackOfficeErrorText();

  function onSelect(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkImportFile(chosen) : null;
    setFileError(problem);
    setFile(problem ? null : chosen);
    // A refused file leaves nothing chosen, so the same file can be picked again after renaming.
    if (problem) event.target.value = '';
    upload.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkImportFile(file);
    if (problem || !file) {
      setFileError(problem ?? USER_MSG.invalidExcel);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file, { onSuccess: onImported });
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const serverError = upload.isError ? errorText(upload.error, USER_MSG.importFailed) : null;

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={upload.isPending}
      size="lg"
      closeLabel={t('Close')}
      title={t('Import users from Excel')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={upload.isPending}>
            {!upload.isPending && <Upload aria-hidden="true" className="size-4" />}
            {upload.isPending ? t('Uploading...') : t('Upload and import')}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={onSubmit}
        className="space-y-4 text-sm text-slate-700"
        aria-label={t('Import users')}
      >
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <div className="space-y-2 rounded-lg bg-slate-50 p-3">
          <p>
            {t('The first row holds the column names:')}{' '}
            <strong className="text-slate-900">{USER_IMPORT_COLUMNS.join(', ')}</strong>.{' '}
            {t(
              `${USER_IMPORT_REQUIRED_COLUMNS.join(', ')} are required; a Doctor needs a Specialty; Admin accounts cannot be imported.`,
            )}
          </p>
          <p>{t('Each imported user gets the username as password and must choose a new one at first sign-in.')}</p>
          <Button
            variant="secondary"
            size="sm"
            loading={template.isPending}
            onClick={() =>
              template.mutate(undefined, { onError: (error) => toast.error(errorText(error, TEMPLATE_FAILED)) })
            }
          >
            {!template.isPending && <Download aria-hidden="true" className="size-4" />}
            {t('Download template')}
            <span className="sr-only"> ({TEMPLATE_FILE_NAME})</span>
          </Button>
        </div>
        <div className="space-y-1.5">
          <label
            htmlFor={`${id}-file`}
            className="block font-medium text-slate-800 after:ml-0.5 after:text-red-700 after:content-['*']"
          >
            {t('Excel file (.xlsx)')}
          </label>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={`.xlsx,${XLSX_TYPE}`}
            onChange={onSelect}
            disabled={upload.isPending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
          <p id={hintId} className="text-xs text-slate-600">
            {t(
              `At most ${USER_LIMITS.importMaxBytes / 1024 / 1024} MB and ${USER_LIMITS.importMaxRows.toLocaleString('en-US')} rows.`,
            )}
          </p>
          {file && !fileError && (
            <p className="inline-flex items-center gap-1.5 text-slate-800">
              <FileSpreadsheet aria-hidden="true" className="size-4 text-emerald-700" />
              {file.name}
            </p>
          )}
          {fileError && (
            <p id={errorId} role="alert" className="text-red-700">
              {t(fileError)}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
