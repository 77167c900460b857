/**
 * What the database tells every process about writes: each committed write to a watched table
 * (migration 0007's triggers, whatever wrote it: a service, a seed, an operator's SQL) raises that
 * table's generation. A value read while no generation it depends on moved is still true.
 *
 * Until the feed hears the database (at start, or after its listening connection dropped) it is
 * not live: nothing is cached, and once it hears again every earlier entry is forgotten.
 */
const HEARD_KEPT = 4096;

export class ChangeFeed {
  #generations = new Map<string, number>();
  #epoch = 0;
  #live = false;
  readonly #heard = new Set<string>();

  get live(): boolean {
    return this.#live;
  }

  /** The database is heard: start (or start again) with nothing remembered. */
  listening(): void {
    this.#epoch += 1;
    this.#live = true;
  }

  /** The database can no longer be heard: stop caching until it can. */
  deaf(): void {
    this.#live = false;
  }

  /**
   * A notice of migration 0014 ("table:xid") or of before it ("table"). A process hears its own
   * commits twice, from the connection that wrote (migration 0018) and from its listening one, and
   * a process of an earlier release once per pooled connection; a table moves once per
   * transaction, however many copies arrive. A notice without its transaction always counts.
   */
  changed(notice: string): void {
    const colon = notice.indexOf(':');
    const table = colon === -1 ? notice : notice.slice(0, colon);
    if (colon !== -1) {
      if (this.#heard.has(notice)) return;
      this.#heard.add(notice);
      // Copies arrive within moments of each other: the latest few thousand notices are enough.
      if (this.#heard.size > HEARD_KEPT) this.#heard.delete(this.#heard.values().next().value!);
    }
    this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
  }

  /** Moves whenever one of the tables changes (generations only grow, so their sum moves too); null while not live. */
  stamp(tables: readonly string[]): string | null {
    if (!this.#live) return null;
    let sum = 0;
    for (const t of tables) sum += this.#generations.get(t) ?? 0;
    return `${this.#epoch}.${sum}`;
  }
}

/** The tables whose writes the database announces (migration 0007). */
export type WatchedTable =
  | 'appointments'
  | 'users'
  | 'departments'
  | 'medical_specialties'
  | 'blogs'
  | 'comments'
  | 'comment_reactions'
  | 'waiting_list_entries';

/** What an appointment, a patient or a figure is read from: the appointments, their doctors and accounts, the departments' names. */
export const APPOINTMENT_READS: readonly WatchedTable[] = ['appointments', 'users', 'departments'];

type Entry = { stamp: string; value: unknown; bytes: number };

/**
 * Values read from the database, kept until a table they were read from changes. A value is
 * stored only when no change was heard while it was being read, so a read that raced a write is
 * never kept. At most `maxEntries` values and `maxBytes` (as `sizeOf` counts them) are kept, the
 * least recently used going first.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, { stamp: string; promise: Promise<unknown> }>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxEntries = 2000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  async get<T>(
    key: string,
    tables: readonly WatchedTable[],
    read: () => Promise<T>,
    sizeOf: (value: T) => number = () => 256,
  ): Promise<T> {
    const stamp = this.feed.stamp(tables);
    if (stamp === null) return read();
    const entry = this.#entries.get(key);
    if (entry && entry.stamp === stamp) {
      // Most recently used goes last.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.hits += 1;
      return entry.value as T;
    }
    // Right after a change, many readers miss the same key at once: one read serves them all.
    const flying = this.#inFlight.get(key);
    if (flying && flying.stamp === stamp) {
      this.hits += 1;
      return flying.promise as Promise<T>;
    }
    this.misses += 1;
    const promise = this.#read(key, stamp, tables, read, sizeOf);
    this.#inFlight.set(key, { stamp, promise });
    try {
      return await promise;
    } finally {
      if (this.#inFlight.get(key)?.promise === promise) this.#inFlight.delete(key);
    }
  }

  async #read<T>(
    key: string,
    stamp: string,
    tables: readonly WatchedTable[],
    read: () => Promise<T>,
    sizeOf: (value: T) => number,
  ): Promise<T> {
    const value = await read();
    const bytes = sizeOf(value);
    if (this.feed.stamp(tables) === stamp && bytes <= this.maxBytes / 8) {
      this.#forget(key);
      this.#entries.set(key, { stamp, value, bytes });
      this.#bytes += bytes;
      while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes)
        this.#forget(this.#entries.keys().next().value!);
    }
    return value;
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }

  /** What the kept values weigh, as their `sizeOf` said. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
