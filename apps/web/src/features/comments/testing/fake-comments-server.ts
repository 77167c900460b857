import { nextReaction, type Comment, type ReactionType } from '@clinic/shared';
import { errorBody, mockFetch } from '@/testing/render-app';

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 1,
    blogId: 3,
    parentId: null,
    authorName: 'Trần Minh Hằng',
    authorRole: null,
    content: 'Bài viết rất dễ hiểu.',
    createdAt: '2026-11-17T02:23:00.000Z',
    likeCount: 0,
    dislikeCount: 0,
    status: 'APPROVED',
    myReaction: null,
    replies: [],
    ...overrides,
  };
}

type FakeOptions = {
  comments?: Comment[];
  /** The visitor's reactions by comment id, answered in the list as each comment's `myReaction`. */
  reactions?: Record<number, ReactionType | null>;
  /** Status of the comment a POST creates ('PENDING' when moderation holds it). */
  createdStatus?: Comment['status'];
  fail?: Partial<Record<'list' | 'create' | 'reply' | 'react' | 'delete', number>>;
};

function flatten(comments: Comment[]): Comment[] {
  return comments.flatMap((c) => [c, ...flatten(c.replies)]);
}

function withReactions(comments: Comment[], reactions: Record<number, ReactionType | null>): Comment[] {
  return comments.map((c) => ({
    ...c,
    myReaction: reactions[c.id] ?? null,
    replies: withReactions(c.replies, reactions),
  }));
}

/** A small in-memory comments server behind a stubbed fetch, answering as the real one does. */
export function fakeCommentsServer(options: FakeOptions = {}) {
  const comments = options.comments ?? [];
  const reactions: Record<number, ReactionType | null> = { ...options.reactions };
  let nextId = 100;
  const fail: NonNullable<FakeOptions['fail']> = { ...options.fail };

  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0]!;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};

    let match = /^\/api\/comments\/blog\/(\d+)$/.exec(path);
    if (match && method === 'GET') {
      if (fail.list) return { status: fail.list, body: errorBody(fail.list, 'boom') };
      return {
        body: {
          success: true,
          comments: withReactions(comments, reactions),
          count: flatten(comments).length,
          total: comments.length,
          page: 1,
          size: 20,
          totalPages: 1,
        },
      };
    }
    if (match && method === 'POST') {
      if (fail.create) return { status: fail.create, body: errorBody(fail.create, 'boom') };
      const status = options.createdStatus ?? 'APPROVED';
      const comment = makeComment({
        id: nextId++,
        blogId: Number(match[1]),
        authorName: body.authorName,
        content: body.content,
        status,
      });
      if (status === 'APPROVED') comments.unshift(comment);
      const message = status === 'PENDING' ? 'Bình luận của bạn đang chờ duyệt' : 'Bình luận của bạn đã được đăng';
      return { status: 201, body: { success: true, message, comment } };
    }
    match = /^\/api\/comments\/(\d+)\/reply$/.exec(path);
    if (match) {
      if (fail.reply) return { status: fail.reply, body: errorBody(fail.reply, 'boom') };
      const parent = flatten(comments).find((c) => c.id === Number(match![1]))!;
      const reply = makeComment({
        id: nextId++,
        parentId: parent.id,
        authorName: body.authorName,
        content: body.content,
      });
      parent.replies.push(reply);
      return { status: 201, body: { success: true, message: 'Trả lời của bạn đã được đăng', comment: reply } };
    }
    match = /^\/api\/comments\/(\d+)\/react$/.exec(path);
    if (match) {
      if (fail.react) return { status: fail.react, body: errorBody(fail.react, 'boom') };
      const id = Number(match[1]);
      const comment = flatten(comments).find((c) => c.id === id)!;
      const previous = reactions[id] ?? null;
      const next = nextReaction(previous, body.reactionType as ReactionType);
      if (previous === 'LIKE') comment.likeCount--;
      if (previous === 'DISLIKE') comment.dislikeCount--;
      if (next === 'LIKE') comment.likeCount++;
      if (next === 'DISLIKE') comment.dislikeCount++;
      reactions[id] = next;
      return {
        body: {
          success: true,
          message: 'ok',
          reaction: { reactionType: next },
          likeCount: comment.likeCount,
          dislikeCount: comment.dislikeCount,
        },
      };
    }
    match = /^\/api\/comments\/admin\/(\d+)$/.exec(path);
    if (match && method === 'DELETE') {
      if (fail.delete) return { status: fail.delete, body: errorBody(fail.delete, 'boom') };
      const id = Number(match[1]);
      const index = comments.findIndex((c) => c.id === id);
      if (index >= 0) comments.splice(index, 1);
      return { body: { success: true, message: 'Đã xóa bình luận' } };
    }
    return { status: 404, body: errorBody(404, `unexpected ${method} ${url}`) };
  });

  function callsTo(pattern: RegExp, method = 'GET') {
    return fetchMock.mock.calls.filter(
      ([url, init]) => pattern.test(String(url)) && (init?.method ?? 'GET') === method,
    );
  }

  return { fetchMock, comments, reactions, fail, callsTo };
}
