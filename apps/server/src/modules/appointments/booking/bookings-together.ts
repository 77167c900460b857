import { isTransaction, runsInThisThread, type Db } from '../../../db/client';
import {
  bookInOneCall,
  drawAppointmentIds,
  type BookingOutcome,
  type OneCallBooking,
} from '../appointments.repository';

/** At most this many bookings in one call: a rush is written in a few calls, none of them large. */
const MOST_IN_ONE_CALL = 25;

type Waiting = {
  booking: OneCallBooking;
  resolve: (outcome: BookingOutcome) => void;
  reject: (error: unknown) => void;
};

/**
 * A process's bookings outside any transaction, written together: while one call is with the
 * database, the bookings that arrive wait and go in the next call, all of them. A booking alone
 * goes at once (on PGlite, after one turn of the event loop), so a quiet clinic waits for nothing;
 * in a rush, one commit (and one run of the counting triggers) serves many bookings
 * (docs/PERFORMANCE.md). Each booking is still judged alone, in arrival order, under its slot's
 * lock. If a call fails, each of its bookings is tried alone, so one bad booking fails only its own
 * request.
 */
class BookingsTogether {
  private waiting: Waiting[] = [];
  private calling = false;

  private readonly inThisThread: boolean;

  constructor(private readonly db: Db) {
    this.inThisThread = runsInThisThread(db);
  }

  book(booking: OneCallBooking): Promise<BookingOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ booking, resolve, reject });
      if (!this.calling) void this.call();
    });
  }

  private async call(): Promise<void> {
    this.calling = true;
    try {
      while (this.waiting.length > 0) {
        // The embedded PGlite runs a call in this thread: the requests that came during the previous
        // call are read only after it. One turn of the event loop lets them join this one (one booking
        // a call became five in the bench, docs/PERFORMANCE.md). A database server runs the call
        // elsewhere while this process reads them, so the call goes at once.
        if (this.inThisThread) await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = this.waiting.splice(0, MOST_IN_ONE_CALL);
        try {
          const outcomes = await bookInOneCall(
            this.db,
            batch.map((w) => w.booking),
          );
          batch.forEach((w, i) => w.resolve(outcomes[i]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          // Each again on its own, still in arrival order: the one the database refuses fails alone.
          else
            for (const w of batch)
              await bookInOneCall(this.db, [w.booking]).then((outcomes) => w.resolve(outcomes[0]!), w.reject);
        }
      }
    } finally {
      this.calling = false;
    }
  }
}

const queues = new WeakMap<Db, BookingsTogether>();

/**
 * Writes one booking (src/db/functions/appointments-made.sql): inside the caller's transaction at
 * once, on its own together with the process's other bookings of the moment.
 */
export function book(db: Db, booking: OneCallBooking): Promise<BookingOutcome> {
  if (isTransaction(db)) return bookInOneCall(db, [booking]).then((outcomes) => outcomes[0]!);
  let queue = queues.get(db);
  if (!queue) {
    queue = new BookingsTogether(db);
    queues.set(db, queue);
  }
  return queue.book(booking);
}

/** Ids drawn at once and not yet given: a booking on its own then asks the database nothing before its one call. */
const IDS_AT_ONCE = 20;
const drawnIds = new WeakMap<Db, { ids: number[]; drawing: Promise<void> | null }>();

/**
 * A new appointment's id, from a block the process drew from the sequence. Ids stay unique; as
 * with any sequence, an id not used (a refused booking, a stopped process) is a gap, and two
 * processes' bookings of one minute may be numbered out of their order.
 */
export async function newAppointmentId(db: Db): Promise<number> {
  let block = drawnIds.get(db);
  if (!block) {
    block = { ids: [], drawing: null };
    drawnIds.set(db, block);
  }
  while (block.ids.length === 0) {
    block.drawing ??= drawAppointmentIds(db, IDS_AT_ONCE)
      .then((ids) => void block.ids.push(...ids))
      .finally(() => (block.drawing = null));
    await block.drawing;
  }
  return block.ids.shift()!;
}
