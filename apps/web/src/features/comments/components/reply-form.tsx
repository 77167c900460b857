import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { COMMENT_LIMITS, COMMENT_MSG } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FormField, Input, Textarea } from '@/components/ui/form-field';
import { useCreateReply } from '../api/create-reply';
import { CharCount } from '@/components/ui/char-count';
import { isPendingModeration, serverReason } from './comment-results';
import { useCommenterName } from './use-commenter-name';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

/**
 * The shared rules, downloaded when the form is first used (lib/lazy-zod-resolver.ts); a visitor's name
 * also carries no title of the clinic's people (a signed-in user's is her account's, set by the server).
 */
const resolvers = {
  signedIn: lazyZodResolver('replyInputSchema'),
  visitor: lazyZodResolver('visitorReplyInputSchema'),
};

type ReplyFormProps = {
  postId: number;
  commentId: number;
  /** Whom the reply answers, for the form's name. */
  replyingTo: string;
  onDone: (result: { pending: boolean }) => void;
  onCancel: () => void;
};

/** A reply needs both the name and the text ('Vui lòng nhập đầy đủ thông tin'), with the comment maxima. */
export function ReplyForm({ postId, commentId, replyingTo, onDone, onCancel }: ReplyFormProps) {
  const signedInName = useCommenterName();
  const resolver = signedInName ? resolvers.signedIn : resolvers.visitor;
  const mutation = useCreateReply(postId);
  const ids = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { authorName: signedInName ?? '', content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';

  // 'Vui lòng nhập đầy đủ thông tin' is about the form as a whole: said once, not under each box.
  const incomplete =
    errors.authorName?.message === COMMENT_MSG.replyIncomplete ||
    errors.content?.message === COMMENT_MSG.replyIncomplete;
  const fieldError = (message: string | undefined) =>
    message && message !== COMMENT_MSG.replyIncomplete ? message : undefined;

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { commentId, body: values },
      {
        onSuccess: (result) => {
          const pending = isPendingModeration(result);
          if (!pending) toast.success(result?.message || COMMENT_MSG.replyPosted);
          onDone({ pending });
        },
        onError: (error) => {
          const reason = serverReason(error);
          toast.error(
            reason && reason !== COMMENT_MSG.replyFailed
              ? `${COMMENT_MSG.replyFailed}: ${reason}`
              : COMMENT_MSG.replyFailed,
          );
        },
      },
    );
  });

  return (
    <form
      onFocus={resolver.preload}
      onSubmit={onSubmit}
      noValidate
      aria-label={`Trả lời ${replyingTo}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <FormField label="Tên của bạn" id={`${ids}-author`} required error={fieldError(errors.authorName?.message)}>
        {(field) => (
          <Input
            {...field}
            aria-invalid={field['aria-invalid'] || (incomplete && !!errors.authorName) || undefined}
            {...register('authorName')}
            readOnly={!!signedInName}
            // Opened on purpose by the visitor, so the cursor goes where they will type first.
            autoFocus={!signedInName}
            autoComplete="name"
            className="read-only:bg-slate-100 read-only:text-slate-700"
          />
        )}
      </FormField>
      <FormField label="Nội dung trả lời" id={`${ids}-content`} required error={fieldError(errors.content?.message)}>
        {(field) => (
          <>
            <Textarea
              {...field}
              aria-invalid={field['aria-invalid'] || (incomplete && !!errors.content) || undefined}
              aria-describedby={[field['aria-describedby'], `${ids}-count`].filter(Boolean).join(' ')}
              {...register('content')}
              rows={3}
              autoFocus={!!signedInName}
            />
            <div className="flex justify-end">
              <CharCount id={`${ids}-count`} length={content.length} max={COMMENT_LIMITS.content} unit="sr-only" />
            </div>
          </>
        )}
      </FormField>
      {incomplete && (
        <p role="alert" className="text-sm text-red-700">
          {COMMENT_MSG.replyIncomplete}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={mutation.isPending}>
          Hủy
        </Button>
        <Button type="submit" size="sm" loading={mutation.isPending}>
          {mutation.isPending ? 'Đang gửi...' : 'Gửi trả lời'}
        </Button>
      </div>
    </form>
  );
}
