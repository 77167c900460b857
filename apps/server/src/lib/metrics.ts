import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator watches, in Prometheus' format (GET /metrics, plugins/metrics.ts). Each process
 * has its own registry: Prometheus scrapes every process and sums. Names say the unit, counters end
 * in _total.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // Node's own figures (memory, event-loop delay, CPU) in production; tests build many apps in one process.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Histogram({
      name: 'clinic_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their time to answer',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'clinic_rate_limit_refusals_total',
      help: 'Requests refused with 429, by rule (login-address, login-account, public-write, public-link, public-contact, public-address, link-miss, short-link-miss, calendar-feed)',
      labelNames: ['rule'] as const,
      registers,
    }),
    rateLimiterDegraded: new Gauge({
      name: 'clinic_rate_limiter_degraded',
      help: '1 while Redis does not answer and this process counts the rate limits alone',
      registers,
    }),
    outboxSendFailures: new Counter({
      name: 'clinic_outbox_send_failures_total',
      help: 'Sends that failed, by channel and what became of the message (retry later, or failed: given up)',
      labelNames: ['channel', 'outcome'] as const,
      registers,
    }),
    outboxDepth: new Gauge({
      name: 'clinic_outbox_depth',
      help: 'Messages waiting in the outbox (queued or being sent), by channel',
      labelNames: ['channel'] as const,
      registers,
    }),
    outboxOldestAge: new Gauge({
      name: 'clinic_outbox_oldest_age_seconds',
      help: 'Age of the oldest message still waiting in the outbox, by channel (0 when none waits)',
      labelNames: ['channel'] as const,
      registers,
    }),
    outboxGivenUp: new Gauge({
      name: 'clinic_outbox_failed',
      help: 'Messages given up after every try, by channel',
      labelNames: ['channel'] as const,
      registers,
    }),
    databaseUp: new Gauge({
      name: 'clinic_database_up',
      help: '1 when the database answered this scrape, 0 when it did not',
      registers,
    }),
    dbPoolConnections: new Gauge({
      name: 'clinic_db_pool_connections',
      help: 'PostgreSQL connections of this process, by state (busy, idle), and the pool maximum (max)',
      labelNames: ['state'] as const,
      registers,
    }),
    dbPoolWaiting: new Gauge({
      name: 'clinic_db_pool_waiting',
      help: 'Requests waiting now for a PostgreSQL connection of this process',
      registers,
    }),
    dbPoolWaits: new Counter({
      name: 'clinic_db_pool_waits_total',
      help: 'Times a request found every PostgreSQL connection of the pool busy and had to wait',
      registers,
    }),
    readCacheHits: new Counter({
      name: 'clinic_read_cache_hits_total',
      help: 'Reads answered from what this process keeps (lib/read-cache.ts)',
      registers,
    }),
    readCacheMisses: new Counter({
      name: 'clinic_read_cache_misses_total',
      help: 'Reads this process had to ask the database for',
      registers,
    }),
    waitingListOffers: new Counter({
      name: 'clinic_waiting_list_offers_total',
      help: "The waiting lists' offers by outcome: offered (a freed place held for the first in line), lapsed (not claimed in time), withdrawn (the slot began)",
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A counter kept elsewhere (a total since the process started), shown as it is at the scrape. */
export function showTotal(counter: Counter, total: number): void {
  counter.reset();
  counter.inc(total);
}
