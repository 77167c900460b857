import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { ImagePlus, ImageOff, Trash2 } from 'lucide-react';
import { IMAGE_UPLOAD, UPLOAD_MSG } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useUploadBlogImage } from '../api/admin/upload-image';

/**
 * Checks a chosen file before it is sent: its declared type and its size. The server checks the
 * bytes again, so a renamed file that slips through is refused there.
 */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_UPLOAD.contentTypes as readonly string[]).includes(file.type)) return UPLOAD_MSG.unsupportedType;
  if (file.size > IMAGE_UPLOAD.maxBytes) return UPLOAD_MSG.tooLarge;
  if (file.size === 0) return UPLOAD_MSG.fileRequired;
  return null;
}

/** Only addresses the form accepts are previewed: a stored image (/api/images/…) or http(s). */
function previewable(url: string): boolean {
  const value = url.trim();
  return /^\/(?![/\\])\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value);
}

type BlogImageFieldProps = {
  /** The address box, so the form can focus it when the address is refused. */
  inputRef?: React.Ref<HTMLInputElement>;
  value: string;
  onChange: (url: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  onUploadingChange: (uploading: boolean) => void;
};

/** The post's image: uploaded (POST /api/blogs/upload-image) or given as an address, with a preview. */
export function BlogImageField({ inputRef, value, onChange, onBlur, error, onUploadingChange }: BlogImageFieldProps) {
  const id = useId();
  const fileId = `${id}-file`;
  const urlId = `${id}-url`;
  const hintId = `${id}-hint`;
  const fileErrorId = `${id}-file-error`;
  const urlErrorId = `${id}-url-error`;
  const [fileError, setFileError] = useState<string | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const upload = useUploadBlogImage();

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setFileError(problem);
    if (problem) return;
    onUploadingChange(true);
    upload.mutate(file, {
      onSuccess: ({ imageUrl }) => {
        onChange(imageUrl);
        toast.success('Đã tải hình ảnh lên');
      },
      onError: (err) => toast.error(err.message || UPLOAD_MSG.uploadFailed),
      onSettled: () => onUploadingChange(false),
    });
  }

  const url = value.trim();
  const showPreview = url !== '' && previewable(url) && brokenSrc !== url;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Hình ảnh</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div
          className={cn(
            'relative flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-slate-50 sm:w-56',
            showPreview ? 'border-slate-200' : 'border-dashed border-slate-300',
          )}
        >
          {showPreview ? (
            <img
              src={url}
              alt="Xem trước hình ảnh bài viết"
              className="size-full object-cover"
              onError={() => setBrokenSrc(url)}
            />
          ) : (
            <span className="flex flex-col items-center gap-1 px-3 text-center text-xs text-slate-500">
              <ImageOff aria-hidden="true" className="size-6" />
              {url && brokenSrc === url ? 'Không hiển thị được hình ảnh từ đường dẫn này' : 'Chưa có hình ảnh'}
            </span>
          )}
          {upload.isPending && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/75">
              <Spinner label="Đang tải hình ảnh lên..." />
            </span>
          )}
        </div>

        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={fileId}
              type="file"
              accept={IMAGE_UPLOAD.accept}
              onChange={onFile}
              disabled={upload.isPending}
              aria-describedby={[hintId, fileError ? fileErrorId : ''].filter(Boolean).join(' ')}
              aria-invalid={fileError ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={fileId}
              className={cn(
                'inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              )}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {upload.isPending ? 'Đang tải lên...' : 'Tải ảnh lên'}
            </label>
            {url && (
              <Button
                variant="ghost"
                size="md"
                onClick={() => {
                  onChange('');
                  setFileError(null);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Bỏ hình ảnh
              </Button>
            )}
          </div>
          <p id={hintId} className="text-xs text-slate-600">
            {IMAGE_UPLOAD.hint}
          </p>
          {fileError && (
            <p id={fileErrorId} role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          )}

          <div className="space-y-1.5">
            <label htmlFor={urlId} className="block text-sm font-medium text-slate-800">
              Hoặc đường dẫn hình ảnh
            </label>
            <Input
              ref={inputRef}
              id={urlId}
              type="text"
              inputMode="url"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              placeholder="https://... hoặc /api/images/..."
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? urlErrorId : undefined}
            />
            {error && (
              <p id={urlErrorId} className="text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
