import { ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react';
import type { Comment, ReactionType } from '@clinic/shared';
import { cn } from '@/lib/cn';
import { useReactToComment } from '../api/react-to-comment';

const REACTIONS: {
  type: ReactionType;
  label: string;
  icon: LucideIcon;
  count: (c: Comment) => number;
  pressedClasses: string;
}[] = [
  {
    type: 'LIKE',
    label: 'Thích',
    icon: ThumbsUp,
    count: (c) => c.likeCount,
    pressedClasses: 'border-brand-600 bg-brand-50 text-brand-800',
  },
  {
    type: 'DISLIKE',
    label: 'Không thích',
    icon: ThumbsDown,
    count: (c) => c.dislikeCount,
    pressedClasses: 'border-accent-600 bg-accent-50 text-accent-700',
  },
];

/** LIKE and DISLIKE with their counts; the visitor's own choice is pressed. Choosing it again removes it. */
export function ReactionButtons({ postId, comment }: { postId: number; comment: Comment }) {
  const mine = comment.myReaction;
  const react = useReactToComment(postId, comment.id);

  return (
    <div className="flex items-center gap-2">
      {REACTIONS.map(({ type, label, icon: Icon, count, pressedClasses }) => {
        const pressed = mine === type;
        return (
          <button
            key={type}
            type="button"
            aria-pressed={pressed}
            // Not disabled while saving: a disabled button would drop the keyboard focus.
            aria-disabled={react.isPending || undefined}
            title={label}
            onClick={() => {
              if (!react.isPending) react.mutate(type);
            }}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
              pressed
                ? pressedClasses
                : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50',
              react.isPending && 'cursor-progress',
            )}
          >
            <Icon aria-hidden="true" className={cn('size-4', pressed && 'fill-current/20')} />
            <span className="sr-only">{label}</span>
            <span className="tabular-nums">{count(comment)}</span>
          </button>
        );
      })}
    </div>
  );
}
