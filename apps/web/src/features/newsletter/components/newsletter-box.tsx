import { useForm } from 'react-hook-form';
import { CircleCheck, Mail } from 'lucide-react';
import { NEWSLETTER_MSG, PRIVACY_NOTICE, PRIVACY_TEXT } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/** The shared rules, downloaded when the form is first used (lib/lazy-zod-resolver.ts). */
const resolver = lazyZodResolver('newsletterRequestSchema');

/** The newsletter e-mail box of /blog: the address is stored (duplicates ignored) and the visitor thanked. */
export function NewsletterBox({ className }: { className?: string }) {
  const mutation = useSubscribeNewsletter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { email: '', consentMarketing: false as unknown as true } });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, { onSuccess: () => reset() });
  });
  const error = errors.email?.message;
  const consentError = errors.consentMarketing?.message;

  return (
    <section
      aria-labelledby="newsletter-title"
      className={cn(
        'overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-900 px-6 py-10 text-white sm:px-10',
        className,
      )}
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-white/10">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <h2 id="newsletter-title" className="mt-4 text-2xl font-bold tracking-tight">
          Nhận bản tin sức khỏe
        </h2>
        <p className="mt-2 max-w-xl text-brand-50">
          Mỗi tháng một lá thư: bài viết mới của bác sĩ, lịch tầm soát nên nhớ và lời khuyên chăm sóc sức khỏe sinh sản.
        </p>

        {mutation.isSuccess ? (
          <p
            role="status"
            className="mt-6 inline-flex items-center gap-2 rounded-xl bg-white px-4 py-3 font-medium text-brand-900"
          >
            <CircleCheck aria-hidden="true" className="size-5 text-brand-700" />
            {NEWSLETTER_MSG.thanks}
          </p>
        ) : (
          <form
            onFocus={resolver.preload}
            onSubmit={onSubmit}
            noValidate
            aria-label="Đăng ký nhận bản tin"
            className="mt-6 w-full max-w-lg"
          >
            <div className="flex flex-col gap-3 sm:flex-row">
              <label htmlFor="newsletter-email" className="sr-only">
                Email của bạn
              </label>
              <Input
                id="newsletter-email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="Email của bạn"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'newsletter-email-error' : undefined}
                className="h-12 flex-1"
                {...register('email')}
              />
              <Button type="submit" size="lg" variant="secondary" loading={mutation.isPending} className="border-white">
                {mutation.isPending ? 'Đang gửi...' : 'Đăng ký'}
              </Button>
            </div>
            {error && (
              <p id="newsletter-email-error" className="mt-2 text-left text-sm font-medium text-accent-100">
                {error}
              </p>
            )}
            {/* Marketing has its own consent, never ticked for her (docs/PRODUCT.md §12). */}
            <div className="mt-3 flex items-start gap-2 text-left text-sm text-brand-50">
              <input
                id="newsletter-consent"
                type="checkbox"
                aria-invalid={consentError ? true : undefined}
                aria-describedby={consentError ? 'newsletter-consent-error' : undefined}
                className="mt-0.5 size-5 shrink-0 accent-white"
                {...register('consentMarketing')}
              />
              <label htmlFor="newsletter-consent">{PRIVACY_TEXT.marketingConsent}</label>
            </div>
            {consentError && (
              <p id="newsletter-consent-error" className="mt-2 text-left text-sm font-medium text-accent-100">
                {consentError}
              </p>
            )}
            {mutation.isError && <Alert className="mt-3 text-left">{mutation.error.message}</Alert>}
            <p className="mt-3 text-xs text-brand-100">
              Chúng tôi không chia sẻ email của bạn. Bạn có thể hủy đăng ký bất cứ lúc nào.{' '}
              <a href={PRIVACY_NOTICE.path} className="underline underline-offset-2">
                {PRIVACY_TEXT.noticeLink}
              </a>
            </p>
          </form>
        )}
      </div>
    </section>
  );
}
