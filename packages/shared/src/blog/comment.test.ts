import { describe, expect, it } from 'vitest';
import '../index';
import {
  COMMENT_MSG,
  commentInputSchema,
  nextReaction,
  reactionInputSchema,
  replyInputSchema,
  VISITOR_ID_PATTERN,
} from '../index';
import { NEWSLETTER_MSG, newsletterRequestSchema } from '../index';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error!.issues[0]!.message;
}

describe('commentInputSchema', () => {
  it('takes a name of 100 characters and a comment of 1000, and refuses one more of either', () => {
    expect(commentInputSchema.safeParse({ authorName: 'ữ'.repeat(100), content: 'ữ'.repeat(1000) }).success).toBe(true);
    expect(firstMessage(commentInputSchema.safeParse({ authorName: 'ữ'.repeat(101), content: 'ok' }))).toBe(
      COMMENT_MSG.nameTooLong,
    );
    expect(firstMessage(commentInputSchema.safeParse({ authorName: 'An', content: 'ữ'.repeat(1001) }))).toBe(
      COMMENT_MSG.contentTooLong,
    );
  });

  it('asks for the name and the content with the specification texts', () => {
    expect(firstMessage(commentInputSchema.safeParse({ authorName: '  ', content: 'ok' }))).toBe(
      'Vui lòng nhập tên của bạn',
    );
    expect(firstMessage(commentInputSchema.safeParse({ content: 'ok' }))).toBe('Vui lòng nhập tên của bạn');
    expect(firstMessage(commentInputSchema.safeParse({ authorName: 'An', content: '' }))).toBe(
      'Vui lòng nhập nội dung bình luận',
    );
  });

  it('keeps markup as plain text', () => {
    expect(commentInputSchema.parse({ authorName: '<b>An</b>', content: '<script>x()</script>' })).toEqual({
      authorName: '<b>An</b>',
      content: '<script>x()</script>',
    });
  });
});

describe('replyInputSchema', () => {
  it('needs both fields, with one message, and the same maxima', () => {
    expect(firstMessage(replyInputSchema.safeParse({ authorName: '', content: 'x' }))).toBe(
      'Vui lòng nhập đầy đủ thông tin',
    );
    expect(firstMessage(replyInputSchema.safeParse({ authorName: 'An' }))).toBe('Vui lòng nhập đầy đủ thông tin');
    expect(firstMessage(replyInputSchema.safeParse({ authorName: 'a'.repeat(101), content: 'x' }))).toBe(
      COMMENT_MSG.nameTooLong,
    );
    expect(firstMessage(replyInputSchema.safeParse({ authorName: 'An', content: 'a'.repeat(1001) }))).toBe(
      COMMENT_MSG.contentTooLong,
    );
    expect(replyInputSchema.safeParse({ authorName: 'a'.repeat(100), content: 'a'.repeat(1000) }).success).toBe(true);
  });
});

describe('reactions', () => {
  it('takes LIKE or DISLIKE only', () => {
    expect(reactionInputSchema.safeParse({ reactionType: 'LIKE' }).success).toBe(true);
    expect(firstMessage(reactionInputSchema.safeParse({ reactionType: 'LOVE' }))).toBe(COMMENT_MSG.reactionInvalid);
  });

  it('removes the same reaction chosen again and moves to the other one', () => {
    expect(nextReaction(null, 'LIKE')).toBe('LIKE');
    expect(nextReaction('LIKE', 'LIKE')).toBeNull();
    expect(nextReaction('LIKE', 'DISLIKE')).toBe('DISLIKE');
    expect(nextReaction('DISLIKE', 'DISLIKE')).toBeNull();
  });

  it('recognises a visitor id such as a UUID, and nothing that could smuggle text', () => {
    expect(VISITOR_ID_PATTERN.test('3f1c2a9e-4b7d-4c1e-9a3b-2d5e6f708192')).toBe(true);
    for (const bad of ['short', 'a'.repeat(65), 'abc def ghi jkl mno', '<script>aaaaaaaaaaa'])
      expect(VISITOR_ID_PATTERN.test(bad)).toBe(false);
  });
});

describe('newsletterRequestSchema', () => {
  it('takes a valid address, trimmed, and refuses a missing or malformed one', () => {
    const consentMarketing = true;
    expect(newsletterRequestSchema.parse({ email: '  Mai@Example.com ', consentMarketing }).email).toBe(
      'Mai@Example.com',
    );
    expect(firstMessage(newsletterRequestSchema.safeParse({ email: '', consentMarketing }))).toBe(
      NEWSLETTER_MSG.emailRequired,
    );
    expect(firstMessage(newsletterRequestSchema.safeParse({ email: 'mai@', consentMarketing }))).toBe(
      NEWSLETTER_MSG.emailInvalid,
    );
    expect(firstMessage(newsletterRequestSchema.safeParse({ consentMarketing }))).toBe(NEWSLETTER_MSG.emailRequired);
  });
  it('refuses a subscription without consent to receive the newsletter', () => {
    expect(firstMessage(newsletterRequestSchema.safeParse({ email: 'mai@example.com' }))).toBe(
      'Vui lòng đồng ý nhận bản tin',
    );
  });
});
