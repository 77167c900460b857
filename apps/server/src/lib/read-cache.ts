/**
 * What the database tells every process about writes: each committed write to a watched table
 * (src/db/functions/change-notices.sql, whatever wrote it: a service, a seed, an operator's SQL) raises that
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
   * A notice "table:xid" (or "table", from a release before the transaction was named). A process hears its own
   * commits twice, from the connection that wrote (its CL001 notice) and from its listening one, and
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

/**
 * The tables whose writes the database announces (src/db/functions/change-notices.sql gives each a
 * trigger; database-functions.test.ts checks the two lists agree).
 */
export const WATCHED_TABLES = [
  'appointments',
  'users',
  'departments',
  'medical_specialties',
  'blogs',
  'comments',
  'comment_reactions',
  'waiting_list_entries',
  'payment_attempts',
  'refunds',
  'appointment_events',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/**
 * What an appointment, a patient or a figure is read from: the appointments, their doctors and
 * accounts, the departments' names, and (issue 35) how a deposit was paid and what a visit gives back.
 */
export const APPOINTMENT_READS: readonly WatchedTable[] = [
  'appointments',
  'users',
  'departments',
  'payment_attempts',
  'refunds',
];

type Entry = { stamp: string; value: unknown; bytes: number; until: number | null };

export type KeepOptions<T> = {
  /** What the value weighs in bytes, for the cache's budget (256 unless said). */
  sizeOf?: (value: T) => number;
  /** When the value stops being true whatever is written (a held offer lapses), in ms since the epoch; null: never. */
  keptUntil?: (value: T) => number | null;
};

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
    // One cache for every kept read of a process: back-office answers, rendered public pages and
    // resized images (a few hundred kilobytes each) share its budget, the least recently used going first.
    private readonly maxEntries = 4000,
    private readonly maxBytes = 96 * 1024 * 1024,
    /** The clock a value's keptUntil is read against (the app's, so tests can fix it). */
    private readonly now: () => number = Date.now,
  ) {}

  async get<T>(
    key: string,
    tables: readonly WatchedTable[],
    read: () => Promise<T>,
    options: KeepOptions<T> = {},
  ): Promise<T> {
    const stamp = this.feed.stamp(tables);
    if (stamp === null) return read();
    const entry = this.#entries.get(key);
    if (entry && entry.stamp === stamp && (entry.until === null || this.now() < entry.until)) {
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
    const promise = this.#read(key, stamp, tables, read, options);
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
    options: KeepOptions<T>,
  ): Promise<T> {
    const value = await read();
    const bytes = options.sizeOf?.(value) ?? 256;
    const until = options.keptUntil?.(value) ?? null;
    if (this.feed.stamp(tables) === stamp && bytes <= this.maxBytes / 8) {
      this.#forget(key);
      this.#entries.set(key, { stamp, value, bytes, until });
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
