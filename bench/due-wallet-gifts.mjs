// A billing run's set-up, shared by the billing benchmark (billing.mjs) and the test of a billing run
// killed and restarted (apps/api/test/graceful-shutdown.test.ts): one real monthly wallet gift
// through the API, N copies of its recurring donation due today, and the job queued as its hourly
// timer queues it. `db` is a node-postgres client on the API's database.
import { randomBytes, randomUUID } from 'node:crypto';

export const BILLING_JOB = 'charge-wallet-recurring-donations';
/** The priority the timer queues the billing run at (JOB_PRIORITY.charges, apps/api/src/jobs/enqueue-job.ts). */
const CHARGES_PRIORITY = 10;

/**
 * A monthly wallet gift as the form makes it (apps/api/test/helpers/wallet-donation.ts), through
 * the API at `api` acting as the web proxy (`proxySecret`) and the sandbox's buyer pages;
 * answers its recurring donation id. `buyer` is the sandbox's buyer-browser module and
 * `botSiteKey` the bot check's site key (TypeScript sources: the caller loads them its own way).
 */
export async function monthlyWalletGift({ api, sandbox, proxySecret }, { buyer, botSiteKey }) {
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
    'x-kifu-proxy-secret': proxySecret,
  };
  const post = async (path, body, idempotent = false) => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: idempotent ? { ...headers, 'idempotency-key': randomUUID() } : headers,
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const botToken = async () =>
    (
      await (
        await fetch(`${sandbox}/recaptcha/api/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ siteKey: botSiteKey, action: 'submit' }),
        })
      ).json()
    ).token;

  const { key } = await post('/donation/wallet-pay-form-state/', { state: '{"step":"payment"}' });
  const button = await post('/wallet-pay/generate-button-signature/', {
    amount: 3_000,
    frequency: 'monthly',
    associate_id: 1,
    donate_session_key: key,
  });
  const signed = button.create_checkout_session_config;
  const opened = await buyer.openWalletPage(
    buyer.walletButtonUrl(`${sandbox}/wallet`, {
      payloadJson: signed.payload_json,
      signature: signed.signature,
      publicKeyId: signed.public_key_id,
      algorithm: signed.algorithm,
      productType: 'PayOnly',
    }),
  );
  await buyer.signInAs(opened.signInUrl, 'hanako');
  const updated = await post(
    '/donation/recurring/wallet-pay/update-checkout-session/',
    {
      donor: {
        last_name: '山田',
        first_name: '花子',
        last_name_kana: 'ヤマダ',
        first_name_kana: 'ハナコ',
        email: `bench-${randomUUID()}@example.com`,
      },
      amount: 3_000,
      associate_id: 1,
      wallet_pay: {
        checkout_session_id: opened.checkoutSessionId,
        form_state: { donate_session_key: key, state: '{"step":"confirmation"}' },
      },
      recaptcha_token: await botToken(),
    },
    true,
  );
  await buyer.approvePayment(updated.wallet_pay.redirect_url);
  await post(
    '/donation/recurring/wallet-pay/complete-checkout-session/',
    { checkout_session_id: opened.checkoutSessionId, recaptcha_token: await botToken() },
    true,
  );
  return updated.recurring_donation_id;
}

/** `count` active copies of recurring donation `id`, due today in Japan; answers the first new id. */
export async function seedDue(db, id, count) {
  const { rows: columns } = await db.query(
    `select column_name from information_schema.columns where table_name = 'recurring_donations' and column_name not in ('id', 'created_at', 'updated_at', 'registered_at', 'next_occurrence_date', 'status', 'last_charged_at') order by ordinal_position`,
  );
  const names = columns.map((column) => `"${column.column_name}"`).join(', ');
  const { rows } = await db.query(
    `insert into recurring_donations (${names}, next_occurrence_date, status)
     select ${names}, (now() at time zone 'Asia/Tokyo')::date, 'active' from recurring_donations, generate_series(1, $2)
     where id = $1
     returning id`,
    [id, count],
  );
  return rows.map((row) => row.id);
}

/** Queues the billing job as its hourly timer does (jobs/job-worker.ts enqueueDuePeriodic, at the charges' priority) and wakes the worker. */
export async function queueRun(db) {
  await db.query(
    `insert into jobs (kind, dedupe_key, max_attempts, priority) values ($1, $2, 1, $3) on conflict (dedupe_key) where status = 'queued' do nothing`,
    [BILLING_JOB, `periodic:${BILLING_JOB}`, CHARGES_PRIORITY],
  );
  await db.query(`select pg_notify('kifu_jobs', '')`);
}
