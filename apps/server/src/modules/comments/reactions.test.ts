import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MSG } from '@clinic/shared';
import { bearer, buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { createPost, newVisitor, nextIp } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';

for (const kind of dbKinds()) {
  describe(`reactions [${kind}]`, () => {
    let t: TestContext;
    let staff = '';
    let postId = 0;

    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { RATE_LIMIT_PUBLIC: '1000' } });
      staff = (await loginAs(t.app, ...DEMO.staff)).token;
      postId = (await createPost(t.app, staff, { title: 'Bài để thả cảm xúc' })).id;
    });
    afterAll(async () => t?.close());

    const newComment = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/comments/blog/${postId}`,
        payload: { authorName: 'An', content: 'Bình luận' },
        remoteAddress: nextIp(),
      });
      return res.json().comment.id as number;
    };
    const react = (id: number, reactionType: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/comments/${id}/react`,
        payload: { reactionType },
        headers,
        remoteAddress: nextIp(),
      });
    const asVisitor = (visitor: string) => ({ 'x-visitor-id': visitor });
    const myReaction = async (id: number, headers: Record<string, string>) =>
      (await t.app.inject({ url: `/api/comments/${id}/my-reaction`, headers })).json().reaction.reactionType as
        string | null;
    const counts = async (id: number) => {
      const res = await t.app.inject({ url: `/api/comments/blog/${postId}?size=50` });
      const found = (res.json().comments as { id: number; likeCount: number; dislikeCount: number }[]).find(
        (c) => c.id === id,
      )!;
      return { likeCount: found.likeCount, dislikeCount: found.dislikeCount };
    };

    describe('POST /api/comments/{id}/react and GET /api/comments/{id}/my-reaction', () => {
      it('counts two visitors separately and shows each their own reaction', async () => {
        const id = await newComment();
        const [a, b] = [newVisitor(), newVisitor()];
        const first = await react(id, 'LIKE', asVisitor(a));
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual({
          success: true,
          message: COMMENT_MSG.reactionAdded,
          reaction: { reactionType: 'LIKE' },
          likeCount: 1,
          dislikeCount: 0,
        });
        expect((await react(id, 'DISLIKE', asVisitor(b))).json()).toMatchObject({ likeCount: 1, dislikeCount: 1 });
        expect(await myReaction(id, asVisitor(a))).toBe('LIKE');
        expect(await myReaction(id, asVisitor(b))).toBe('DISLIKE');
        expect(await myReaction(id, asVisitor(newVisitor()))).toBeNull();
        expect(await myReaction(id, {})).toBeNull();
        expect(await counts(id)).toEqual({ likeCount: 1, dislikeCount: 1 });
      });

      it('removes the same reaction chosen twice and moves to the other one', async () => {
        const id = await newComment();
        const v = asVisitor(newVisitor());
        await react(id, 'LIKE', v);
        const off = await react(id, 'LIKE', v);
        expect(off.json()).toMatchObject({
          message: COMMENT_MSG.reactionRemoved,
          reaction: { reactionType: null },
          likeCount: 0,
          dislikeCount: 0,
        });
        expect(await myReaction(id, v)).toBeNull();
        await react(id, 'LIKE', v);
        const moved = await react(id, 'DISLIKE', v);
        expect(moved.json()).toMatchObject({ reaction: { reactionType: 'DISLIKE' }, likeCount: 0, dislikeCount: 1 });
        expect(await counts(id)).toEqual({ likeCount: 0, dislikeCount: 1 });
      });

      it('knows a signed-in user by the account, not by the browser', async () => {
        const id = await newComment();
        const patient = await loginAs(t.app, ...DEMO.patient);
        await react(id, 'LIKE', { ...bearer(patient.token), ...asVisitor(newVisitor()) });
        expect(await myReaction(id, { ...bearer(patient.token), ...asVisitor(newVisitor()) })).toBe('LIKE');
        expect((await react(id, 'LIKE', bearer(patient.token))).json()).toMatchObject({
          reaction: { reactionType: null },
          likeCount: 0,
        });
      });

      it('needs a well-formed visitor id from a visitor, and a LIKE or DISLIKE', async () => {
        const id = await newComment();
        const missing = await react(id, 'LIKE', {});
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toMatchObject({ code: 'VISITOR_ID_REQUIRED', message: COMMENT_MSG.visitorUnknown });
        for (const bad of ['short', '<script>alert(1)</script>', 'a'.repeat(65)]) {
          const res = await react(id, 'LIKE', asVisitor(bad));
          expect(res.statusCode, bad).toBe(400);
          expect(res.json().message).toBe(COMMENT_MSG.visitorUnknown);
        }
        const love = await react(id, 'LOVE', asVisitor(newVisitor()));
        expect(love.statusCode).toBe(400);
        expect(love.json().message).toBe(COMMENT_MSG.reactionInvalid);
      });

      it('answers 404 for an unknown or hidden comment and 400 for a bad id', async () => {
        const id = await newComment();
        await t.app.inject({ method: 'PUT', url: `/api/comments/admin/${id}/reject`, headers: bearer(staff) });
        for (const target of [id, 999999]) {
          const res = await react(target, 'LIKE', asVisitor(newVisitor()));
          expect(res.statusCode).toBe(404);
          expect(res.json().message).toBe(COMMENT_MSG.notFound);
          expect((await t.app.inject({ url: `/api/comments/${target}/my-reaction` })).statusCode).toBe(404);
        }
        const bad = await react(0, 'LIKE', asVisitor(newVisitor()));
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(COMMENT_MSG.invalidId);
      });
    });

    describe('GET /api/comments/blog/{postId} and GET /api/comments/{id}/replies with myReaction', () => {
      type Listed = { id: number; myReaction: string | null; replies: Listed[] };
      const flatten = (nodes: Listed[]): Listed[] => nodes.flatMap((c) => [c, ...flatten(c.replies)]);
      const mineIn = (nodes: Listed[], ids: number[]) =>
        ids.map((id) => flatten(nodes).find((c) => c.id === id)?.myReaction);
      const listAs = async (headers: Record<string, string>) => {
        const res = await t.app.inject({ url: `/api/comments/blog/${postId}?size=50`, headers });
        expect(res.statusCode).toBe(200);
        return res.json().comments as Listed[];
      };
      const repliesAs = async (id: number, headers: Record<string, string>) => {
        const res = await t.app.inject({ url: `/api/comments/${id}/replies`, headers });
        expect(res.statusCode).toBe(200);
        return res.json().comments as Listed[];
      };
      const newReply = async (parentId: number) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/comments/${parentId}/reply`,
          payload: { authorName: 'Bình', content: 'Trả lời' },
          remoteAddress: nextIp(),
        });
        return res.json().comment.id as number;
      };

      it('shows each visitor their own reaction on every comment and nested reply, and none to a visitor without an id', async () => {
        const root = await newComment();
        const reply = await newReply(root);
        const nested = await newReply(reply);
        const [a, b] = [asVisitor(newVisitor()), asVisitor(newVisitor())];
        await react(root, 'LIKE', a);
        await react(nested, 'DISLIKE', a);
        await react(root, 'DISLIKE', b);
        await react(reply, 'LIKE', b);

        expect(mineIn(await listAs(a), [root, reply, nested])).toEqual(['LIKE', null, 'DISLIKE']);
        expect(mineIn(await listAs(b), [root, reply, nested])).toEqual(['DISLIKE', 'LIKE', null]);
        expect(mineIn(await repliesAs(root, a), [reply, nested])).toEqual([null, 'DISLIKE']);
        expect(mineIn(await repliesAs(root, b), [reply, nested])).toEqual(['LIKE', null]);
        for (const headers of [{}, asVisitor('short'), asVisitor('<script>alert(1)</script>')]) {
          expect(mineIn(await listAs(headers), [root, reply, nested])).toEqual([null, null, null]);
          expect(mineIn(await repliesAs(root, headers), [reply, nested])).toEqual([null, null]);
        }
      });

      it('knows a signed-in user by the account in the list too', async () => {
        const id = await newComment();
        const patient = await loginAs(t.app, ...DEMO.patient);
        await react(id, 'DISLIKE', bearer(patient.token));
        expect(mineIn(await listAs({ ...bearer(patient.token), ...asVisitor(newVisitor()) }), [id])).toEqual([
          'DISLIKE',
        ]);
        expect(mineIn(await listAs(bearer('not-a-token')), [id])).toEqual([null]);
      });
    });

    describe('under concurrency', () => {
      it('counts 20 simultaneous likes from 20 visitors as 20', async () => {
        const id = await newComment();
        const visitors = Array.from({ length: 20 }, () => newVisitor());
        const results = await Promise.all(visitors.map((v) => react(id, 'LIKE', asVisitor(v))));
        expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        expect(await counts(id)).toEqual({ likeCount: 20, dislikeCount: 0 });
      });

      it('keeps the counts exact when many visitors switch and withdraw at once', async () => {
        const id = await newComment();
        const visitors = Array.from({ length: 20 }, () => newVisitor());
        await Promise.all(visitors.map((v) => react(id, 'LIKE', asVisitor(v))));
        // 10 move to DISLIKE, 5 withdraw their LIKE, 5 keep it; all at the same time.
        await Promise.all([
          ...visitors.slice(0, 10).map((v) => react(id, 'DISLIKE', asVisitor(v))),
          ...visitors.slice(10, 15).map((v) => react(id, 'LIKE', asVisitor(v))),
        ]);
        expect(await counts(id)).toEqual({ likeCount: 5, dislikeCount: 10 });
      });

      it('applies one visitor’s simultaneous clicks one after another', async () => {
        const id = await newComment();
        const v = asVisitor(newVisitor());
        const results = await Promise.all(Array.from({ length: 6 }, () => react(id, 'LIKE', v)));
        expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
        // An even number of the same reaction cancels out.
        expect(await counts(id)).toEqual({ likeCount: 0, dislikeCount: 0 });
        expect(await myReaction(id, v)).toBeNull();
      });
    });
  });
}
