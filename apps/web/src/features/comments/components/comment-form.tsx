import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Send } from 'lucide-react';
import { COMMENT_LIMITS, COMMENT_MSG, PRIVACY_NOTICE, PRIVACY_TEXT } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input, Textarea } from '@/components/ui/form-field';
import { useCreateComment } from '../api/create-comment';
import { CharCount } from '@/components/ui/char-count';
import { isPendingModeration, serverReason } from './comment-results';
import { useCommenterName } from './use-commenter-name';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/**
 * The shared rules, downloaded when the form is first used (lib/lazy-zod-resolver.ts); a visitor's name
 * also carries no title of the clinic's people (a signed-in user's is her account's, set by the server).
 */
const resolvers = {
  signedIn: lazyZodResolver('commentInputSchema'),
  visitor: lazyZodResolver('visitorCommentInputSchema'),
};

export function CommentForm({ postId }: { postId: number }) {
  const signedInName = useCommenterName();
  // A new sign-in (or sign-out) starts the form again with the right name.
  return <CommentFormFields key={signedInName ?? ''} postId={postId} signedInName={signedInName} />;
}

function CommentFormFields({ postId, signedInName }: { postId: number; signedInName: string | null }) {
  const mutation = useCreateComment(postId);
  const [pending, setPending] = useState(false);
  const resolver = signedInName ? resolvers.signedIn : resolvers.visitor;
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { authorName: signedInName ?? '', content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';

  const onSubmit = handleSubmit((values) => {
    setPending(false);
    mutation.mutate(values, {
      onSuccess: (result) => {
        reset({ authorName: values.authorName, content: '' });
        if (isPendingModeration(result)) setPending(true);
        else toast.success(result?.message || COMMENT_MSG.posted);
      },
    });
  });

  const reason = mutation.isError ? serverReason(mutation.error) : null;

  return (
    <form
      onFocus={resolver.preload}
      onSubmit={onSubmit}
      noValidate
      aria-label="Viết bình luận"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 className="text-base font-semibold text-slate-900">Để lại bình luận</h3>
      <FormField
        label="Tên của bạn"
        id="comment-author"
        required
        error={errors.authorName?.message}
        hint={signedInName ? 'Bạn đang bình luận với tên tài khoản của mình.' : undefined}
      >
        {(field) => (
          <Input
            {...field}
            {...register('authorName')}
            readOnly={!!signedInName}
            autoComplete="name"
            className="read-only:bg-slate-100 read-only:text-slate-700"
          />
        )}
      </FormField>
      <FormField label="Nội dung bình luận" id="comment-content" required error={errors.content?.message}>
        {(field) => (
          <>
            <Textarea
              {...field}
              aria-describedby={[field['aria-describedby'], 'comment-content-count'].filter(Boolean).join(' ')}
              {...register('content')}
              rows={4}
              placeholder="Chia sẻ câu hỏi hoặc kinh nghiệm của bạn..."
            />
            <div className="flex justify-end">
              <CharCount
                id="comment-content-count"
                length={content.length}
                max={COMMENT_LIMITS.content}
                unit="sr-only"
              />
            </div>
          </>
        )}
      </FormField>

      {mutation.isError && (
        <Alert title={COMMENT_MSG.addFailed}>{reason && reason !== COMMENT_MSG.addFailed ? reason : undefined}</Alert>
      )}
      {pending && !mutation.isPending && <Alert tone="info">{COMMENT_MSG.pending}</Alert>}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-600">
          {PRIVACY_TEXT.commentNotice}{' '}
          <a href={PRIVACY_NOTICE.path} className="font-medium text-brand-800 underline underline-offset-2">
            {PRIVACY_TEXT.noticeLink}
          </a>
        </p>
        <Button type="submit" loading={mutation.isPending}>
          {!mutation.isPending && <Send aria-hidden="true" className="size-4" />}
          {mutation.isPending ? 'Đang gửi...' : 'Gửi bình luận'}
        </Button>
      </div>
    </form>
  );
}
