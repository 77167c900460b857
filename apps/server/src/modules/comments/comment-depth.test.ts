import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMENT_LIMITS } from '@clinic/shared';
import { buildTestApp, DEMO, loginAs, type TestContext } from '../../../test/build-app';
import { createPost, nextIp } from '../../../test/blog-fixtures';
import { dbKinds } from '../../../test/databases';

type Node = { id: number; parentId: number | null; replies: Node[] };

/** How many levels of comments an answer nests, counted without recursion. */
function depthOf(nodes: Node[]): number {
  let deepest = 0;
  const pending = nodes.map((node) => ({ node, depth: 1 }));
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    deepest = Math.max(deepest, depth);
    for (const reply of node.replies) pending.push({ node: reply, depth: depth + 1 });
  }
  return deepest;
}

/** Every comment in an answer, with its parent as shown. */
function flatten(nodes: Node[]): Node[] {
  const all: Node[] = [];
  const pending = [...nodes];
  while (pending.length > 0) {
    const node = pending.pop()!;
    all.push(node);
    pending.push(...node.replies);
  }
  return all;
}

/**
 * Issue 29, defect 2: replies nested without limit, and from about 1,500 levels the post's comments
 * answered 500 (the response's validation overflowed the stack) and its page was no longer rendered.
 */
for (const kind of dbKinds()) {
  describe(`deep reply chains [${kind}]`, () => {
    let t: TestContext;
    let postId = 0;
    const db = () => t.testDb.database.db;
    const MAX = COMMENT_LIMITS.maxReplyDepth;

    beforeAll(async () => {
      t = await buildTestApp(kind);
      const staff = await loginAs(t.app, ...DEMO.staff);
      postId = (await createPost(t.app, staff.token, { title: 'Bài có chuỗi trả lời dài' })).id;
    });
    afterAll(async () => t?.close());

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
    const comment = async () =>
      (await post(`/api/comments/blog/${postId}`, { authorName: 'Lan', content: 'Câu hỏi' })).json().comment
        .id as number;
    const replyTo = async (id: number) => {
      const res = await post(`/api/comments/${id}/reply`, { authorName: 'Mai', content: `Trả lời ${id}` });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().comment as Node;
    };

    it(`stores an answer to a reply ${MAX} levels deep beside that reply, so threads stop growing downwards`, async () => {
      const top = await comment();
      const chain = [top];
      for (let level = 1; level <= MAX + 3; level += 1) chain.push((await replyTo(chain.at(-1)!)).id);
      const replies = (await t.app.inject({ url: `/api/comments/${top}/replies` })).json();
      const shown = flatten(replies.comments as Node[]);
      expect(shown).toHaveLength(MAX + 3);
      expect(depthOf(replies.comments)).toBe(MAX);
      const parentOf = new Map(shown.map((c) => [c.id, c.parentId]));
      // The first MAX replies each answer the one before; the later ones sit beside the deepest.
      for (let level = 1; level <= MAX; level += 1) expect(parentOf.get(chain[level]!)).toBe(chain[level - 1]);
      for (let level = MAX + 1; level <= MAX + 3; level += 1) expect(parentOf.get(chain[level]!)).toBe(chain[MAX - 1]);
    });

    it('answers a post whose stored thread is 10,000 replies deep, its replies and a reply deep inside it, never with a 5xx', async () => {
      const top = await comment();
      // Stored before the cap: one reply under the other, 10,000 levels.
      const inserted = (await db().execute(sql`
        insert into comments (blog_id, author_name, content, status, created_at)
        select ${postId}, 'Độc giả', 'Trả lời ' || g, 'APPROVED', now() + g * interval '1 millisecond'
        from generate_series(1, 10000) g order by g
        returning id`)) as unknown as { rows: { id: number }[] };
      const ids = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      const [first, last] = [ids[0]!, ids.at(-1)!];
      expect(last - first).toBe(9999);
      await db().execute(sql`
        update comments set root_id = ${top}, parent_id = case when id = ${first} then ${top} else id - 1 end
        where id between ${first} and ${last}`);

      const page = await t.app.inject({ url: `/api/comments/blog/${postId}` });
      expect(page.statusCode, page.body.slice(0, 200)).toBe(200);
      const thread = (page.json().comments as Node[]).find((c) => c.id === top)!;
      expect(flatten([thread])).toHaveLength(10_001);
      expect(depthOf([thread])).toBe(MAX + 1);

      for (const id of [top, ids[4999]!, last]) {
        const res = await t.app.inject({ url: `/api/comments/${id}/replies` });
        expect(res.statusCode, `${id}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(depthOf(res.json().comments)).toBeLessThanOrEqual(MAX);
      }
      expect((await t.app.inject({ url: `/api/comments/${ids[4999]}/replies` })).json().count).toBe(5000);

      // An answer to the deepest reply joins the thread at the cap.
      const answer = await replyTo(last);
      expect(answer.parentId).toBe(ids[MAX - 2]);

      // A moderator can still remove the whole thread.
      const staff = await loginAs(t.app, ...DEMO.staff);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/comments/admin/${ids[1]}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const after = (await t.app.inject({ url: `/api/comments/${top}/replies` })).json();
      expect(after.count).toBe(1);
    }, 120_000);
  });
}
