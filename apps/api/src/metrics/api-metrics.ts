// What the API counts for GET /metrics (ADR 048; README "Metrics" lists each with its labels and
// healthy values). One registry per app instance, so test files that build several apps never
// register a metric twice; Node's process metrics belong to the process and are collected once
// (process-metrics.ts). Every label takes a bounded set of values: route patterns, payment methods,
// provider operations, job kinds and mail templates named in our code — never ids, addresses,
// amounts or raw URLs.
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodOfId } from '@kifu/domain';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; an API answer is expected in tens of milliseconds, a provider's in hundreds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROVIDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** How a donation can end unpaid (the status label of kifu_donations_failed_total). */
export const UNPAID_STATUSES = ['failed', 'expired', 'cancelled'] as const;

export function createApiMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers });
  const metrics = {
    registry,
    httpRequestDuration: histogram(
      'kifu_api_http_request_duration_seconds',
      'API requests by route pattern, method and status class, and how long they took',
      ['method', 'route', 'status_class'],
      HTTP_BUCKETS,
    ),
    donationsStarted: counter('kifu_donations_started_total', 'Donations recorded when a supporter submits the form, by payment method', [
      'method',
    ]),
    donationsPaid: counter(
      'kifu_donations_paid_total',
      'Donations that became paid (first gifts and recurring charges), by payment method',
      ['method'],
    ),
    donationsPaidYen: counter('kifu_donations_paid_yen_total', 'Yen charged by the donations that became paid, by payment method', [
      'method',
    ]),
    donationsFailed: counter(
      'kifu_donations_failed_total',
      'Donations that ended unpaid (failed, expired, cancelled), by payment method and status',
      ['method', 'status'],
    ),
    jobsQueued: gauge(
      'kifu_jobs_queued',
      'Jobs waiting in the queue, due or not (retries wait for their backoff), by kind; read from the database at scrape time',
      ['kind'],
    ),
    jobsDue: gauge('kifu_jobs_due', 'Queued jobs whose time has come, by kind; read from the database at scrape time', ['kind']),
    jobsOldestDueAge: gauge(
      'kifu_jobs_oldest_due_age_seconds',
      'How long the oldest due job has been waiting, by kind (0: none due); read from the database at scrape time',
      ['kind'],
    ),
    jobsFinished: counter(
      'kifu_jobs_finished_total',
      'Jobs run by this process, by kind and outcome (succeeded, retried, failed for good)',
      ['kind', 'outcome'],
    ),
    webhooksReceived: counter(
      'kifu_webhooks_received_total',
      'Provider webhooks received, by provider and outcome (accepted, duplicate, bad_signature, malformed)',
      ['provider', 'outcome'],
    ),
    reconciled: counter('kifu_reconciliation_items_total', 'What the reconciliation jobs found, by reconciliation and outcome', [
      'reconciliation',
      'outcome',
    ]),
    providerCallDuration: histogram(
      'kifu_provider_call_duration_seconds',
      'Calls to third parties (card gateway, wallet pay, bank, bot check), by provider and operation',
      ['provider', 'operation'],
      PROVIDER_BUCKETS,
    ),
    providerCallErrors: counter(
      'kifu_provider_call_errors_total',
      'Failed calls to third parties, by provider, operation and kind (timeout, unreachable, rejected, failed, invalid_response, other)',
      ['provider', 'operation', 'kind'],
    ),
    mails: counter(
      'kifu_mail_deliveries_total',
      'Outbox mails handed to the SMTP server, by template and outcome (sent, retry, failed for good)',
      ['template', 'outcome'],
    ),
  };
  // Each method's donation series exists from the start at zero: Prometheus' rate() and increase()
  // miss the first gift of a series that only appears with it.
  for (const method of PAYMENT_METHODS) {
    for (const counter of [metrics.donationsStarted, metrics.donationsPaid, metrics.donationsPaidYen]) counter.inc({ method }, 0);
    for (const status of UNPAID_STATUSES) metrics.donationsFailed.inc({ method, status }, 0);
  }
  return metrics;
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;

/** What the donation ledger counts (donations/record-donation.ts, settle-donation-effects.ts). */
export type DonationMetrics = Pick<ApiMetrics, 'donationsStarted' | 'donationsPaid' | 'donationsPaidYen' | 'donationsFailed'>;

/** The method label of a stored payment method id: the donation form's names, 'other' for the legacy ids. */
export function paymentMethodLabel(id: number): PaymentMethod | 'other' {
  return paymentMethodOfId(id) ?? 'other';
}

/** Adds a reconciliation run's counts; zeroes too, so each outcome's series exists after the first run. */
export function countReconciliation(metrics: Pick<ApiMetrics, 'reconciled'>, reconciliation: string, result: Record<string, number>): void {
  for (const [outcome, count] of Object.entries(result)) metrics.reconciled.inc({ reconciliation, outcome }, count);
}
