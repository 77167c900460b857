import { describe, expect, it } from 'vitest';
import { ChangeFeed, ReadCache } from './read-cache';
import { createTokenService } from './tokens';

function counter() {
  let reads = 0;
  return {
    read: async () => ++reads,
    get reads() {
      return reads;
    },
  };
}

describe('ReadCache', () => {
  it('keeps a value until a table it was read from changes, and only that table', async () => {
    const feed = new ChangeFeed();
    feed.listening();
    const cache = new ReadCache(feed);
    const c = counter();
    expect(await cache.get('k', ['appointments', 'users'], c.read)).toBe(1);
    expect(await cache.get('k', ['appointments', 'users'], c.read)).toBe(1);
    feed.changed('blogs');
    expect(await cache.get('k', ['appointments', 'users'], c.read)).toBe(1);
    feed.changed('users');
    expect(await cache.get('k', ['appointments', 'users'], c.read)).toBe(2);
  });

  it("counts a transaction's change once, however many of the process's connections hear it", async () => {
    const feed = new ChangeFeed();
    feed.listening();
    const cache = new ReadCache(feed);
    const c = counter();
    await cache.get('k', ['appointments'], c.read);
    feed.changed('appointments:901');
    expect(await cache.get('k', ['appointments'], c.read)).toBe(2);
    // The same commit heard again on the pool's other connections, after the page was read anew.
    feed.changed('appointments:901');
    feed.changed('appointments:901');
    expect(await cache.get('k', ['appointments'], c.read)).toBe(2);
    // The next transaction, and the same transaction's write to another table, each count.
    feed.changed('appointments:902');
    expect(await cache.get('k', ['appointments'], c.read)).toBe(3);
    feed.changed('users:902');
    expect(await cache.get('k', ['appointments', 'users'], c.read)).toBe(4);
  });

  it('does not keep a value read while its table changed: the read may have seen the state before', async () => {
    const feed = new ChangeFeed();
    feed.listening();
    const cache = new ReadCache(feed);
    let reads = 0;
    const racing = async () => {
      reads += 1;
      feed.changed('appointments');
      return reads;
    };
    expect(await cache.get('k', ['appointments'], racing)).toBe(1);
    expect(await cache.get('k', ['appointments'], racing)).toBe(2);
  });

  it('keeps nothing while the database cannot be heard, and forgets everything once it is heard again', async () => {
    const feed = new ChangeFeed();
    const cache = new ReadCache(feed);
    const c = counter();
    await cache.get('k', ['users'], c.read);
    await cache.get('k', ['users'], c.read);
    expect(c.reads).toBe(2);
    feed.listening();
    await cache.get('k', ['users'], c.read);
    await cache.get('k', ['users'], c.read);
    expect(c.reads).toBe(3);
    feed.deaf();
    await cache.get('k', ['users'], c.read);
    feed.listening();
    await cache.get('k', ['users'], c.read);
    expect(c.reads).toBe(5);
  });

  it('reads once for readers who miss the same key together, and again for one who comes after a change', async () => {
    const feed = new ChangeFeed();
    feed.listening();
    const cache = new ReadCache(feed);
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      reads += 1;
      await gate;
      return reads;
    };
    const together = Promise.all([
      cache.get('k', ['users'], slow),
      cache.get('k', ['users'], slow),
      cache.get('k', ['users'], slow),
    ]);
    feed.changed('users');
    const after = cache.get('k', ['users'], slow);
    release();
    expect(await together).toEqual([2, 2, 2]);
    expect(await after).toBe(2);
    expect(reads).toBe(2);
    // The first read raced the change: it was not kept; the later one was.
    expect(await cache.get('k', ['users'], slow)).toBe(2);
    expect(reads).toBe(2);
  });

  it('holds at most its size, letting the least recently used go', async () => {
    const feed = new ChangeFeed();
    feed.listening();
    const cache = new ReadCache(feed, 2);
    const c = counter();
    await cache.get('a', ['users'], c.read);
    await cache.get('b', ['users'], c.read);
    await cache.get('a', ['users'], c.read);
    await cache.get('c', ['users'], c.read);
    expect(cache.size).toBe(2);
    await cache.get('a', ['users'], c.read);
    expect(c.reads).toBe(3);
    await cache.get('b', ['users'], c.read);
    expect(c.reads).toBe(4);
  });
});

describe('ReadCache weight', () => {
  it('lets the least recently used go once the kept values weigh more than its budget, and never keeps one above an eighth of it', async () => {
    const feed = new ChangeFeed();
    feed.listening();
    const cache = new ReadCache(feed, 100, 2400);
    const c = counter();
    const size = () => 300;
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
      await cache.get(key, ['users'], c.read, { sizeOf: size });
    expect(cache.bytes).toBe(2400);
    await cache.get('i', ['users'], c.read, { sizeOf: size });
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBe(2400);
    // 'a' went first.
    await cache.get('a', ['users'], c.read, { sizeOf: size });
    expect(c.reads).toBe(10);
    await cache.get('huge', ['users'], c.read, { sizeOf: () => 301 });
    await cache.get('huge', ['users'], c.read, { sizeOf: () => 301 });
    expect(c.reads).toBe(12);
  });
});

describe('ReadCache keptUntil', () => {
  it('reads again once the time a value said it stops being true has come, though nothing was written', async () => {
    const feed = new ChangeFeed();
    feed.listening();
    let now = 1_000;
    const cache = new ReadCache(feed, 100, 1_000_000, () => now);
    const c = counter();
    const options = { keptUntil: () => 2_000 };
    await cache.get('offer', ['waiting_list_entries'], c.read, options);
    now = 1_999;
    await cache.get('offer', ['waiting_list_entries'], c.read, options);
    expect(c.reads).toBe(1);
    now = 2_000;
    await cache.get('offer', ['waiting_list_entries'], c.read, options);
    expect(c.reads).toBe(2);
  });
});

describe('verified tokens', () => {
  it('a token verified once is still refused once it expires', async () => {
    const tokens = createTokenService('a-secret-long-enough-for-the-hs256-signature');
    const now = new Date('2027-03-01T02:00:00Z');
    const token = await tokens.sign({ userId: 7, version: 1 }, 60, now);
    expect(await tokens.verify(token, now)).toMatchObject({ userId: 7, version: 1 });
    expect(await tokens.verify(token, new Date(now.getTime() + 59_000))).toMatchObject({ userId: 7 });
    expect(await tokens.verify(token, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it('a token signed with another secret is refused, however often it is sent', async () => {
    const other = await createTokenService('another-secret-long-enough-for-hs256-signing').sign(
      { userId: 7, version: 1 },
      60,
      new Date(),
    );
    const tokens = createTokenService('a-secret-long-enough-for-the-hs256-signature');
    expect(await tokens.verify(other, new Date())).toBeNull();
    expect(await tokens.verify(other, new Date())).toBeNull();
  });
});
