import { BadgeCheck } from 'lucide-react';
import { COMMENT_AUTHOR_BADGES, type CommentStaffRole } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';

/**
 * The clinic's mark beside a comment of its doctors and staff (issue 34): drawn from the author's
 * account role the server sends, never from the name, which a visitor types and may not dress with a title.
 */
export function StaffMark({ role }: { role: CommentStaffRole | null }) {
  if (!role) return null;
  return (
    <Badge tone="brand" className="self-center">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {COMMENT_AUTHOR_BADGES[role]}
    </Badge>
  );
}
