// The provider's browser side, as Amazon Pay runs it on its own domain:
//   GET  /checkout?payload&signature&publicKeyId[&algorithm]  button click: the signed payload is
//        checked, a checkout session is created (Amazon creates it at the click too) and the
//        browser lands on the sign-in page (/checkout?amazonCheckoutSessionId=…, reload-safe).
//   POST /checkout/:id/sign-in   the buyer picks a test buyer → checkoutReviewReturnUrl?amazonCheckoutSessionId=…
//   GET  /checkout/:id/confirm   amazonPayRedirectUrl: the buyer approves the amount (authorization
//        happens here; a decline cancels the session with reasonCode Declined) → checkoutResultReturnUrl
//   POST /checkout/:id/cancel    BuyerCanceled → checkoutCancelUrl when set; otherwise the URL the
//        merchant would have received next (review URL from the sign-in page, result URL from
//        the payment page). The sandbox always appends amazonCheckoutSessionId so the merchant can
//        read the Canceled session; the real provider may not, so never rely on it.
// Fault injection stays off these pages: they are the buyer's, not the merchant API.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutScript } from './checkout-script';
import { assertCreatable, cancelSession, constraintsOf, createCheckoutSession, sessionBuyer } from './checkout-session';
import { WalletError } from './errors';
import { confirmPage, errorPage, notPayablePage, signInPage } from './provider-page-html';
import { createCheckoutSessionSchema, parseWith } from './request-schemas';
import type { CheckoutSession, ProductType } from './session-store';
import { isSignatureAlgorithm, verifyButtonSignature, type SignatureAlgorithm } from './signature';
import { authorizePayment, findTestBuyer } from './test-buyers';
import { findSession, recordActivity, type WalletContext } from './wallet-context';

type Query = Record<string, string | undefined>;
type WithId = { Params: { id: string } };

function productTypeOf(value: string | undefined): ProductType | undefined {
  return value === 'PayOnly' || value === 'PayAndShip' ? value : undefined;
}

export function withSessionId(url: string, checkoutSessionId: string): string {
  const target = new URL(url);
  target.searchParams.set('amazonCheckoutSessionId', checkoutSessionId);
  return target.toString();
}

/** The page shown instead when the session is unknown or has ended. */
function unavailable(session: CheckoutSession | undefined, id: string): [number, string] {
  if (!session) return [404, errorPage('Unknown checkout', `Checkout session ${id} was not found.`)];
  return [409, notPayablePage(session, [])];
}

export function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

export async function providerPages(app: FastifyInstance, wallet: WalletContext) {
  const { context, store, mountPath } = wallet;
  const { config } = context;
  const paths = (id: string) => {
    const base = `${mountPath}/checkout/${encodeURIComponent(id)}`;
    return { signIn: `${base}/sign-in`, cancel: `${base}/cancel`, confirm: `${base}/confirm` };
  };

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof WalletError) return html(reply, error.statusCode, errorPage('The wallet could not continue', error.message));
    request.log.error(error);
    return html(reply, 500, errorPage('Something went wrong', 'The wallet sandbox failed to show this page.'));
  });

  app.get('/checkout.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutScript(`${config.SANDBOX_PUBLIC_URL}${mountPath}`)),
  );

  app.get<{ Querystring: Query }>('/checkout', async (request, reply) => {
    const query = request.query;
    if (query.amazonCheckoutSessionId) return showSignIn(reply, query.amazonCheckoutSessionId, productTypeOf(query.productType));
    if (!query.payload || !query.signature || !query.publicKeyId) {
      return html(
        reply,
        400,
        errorPage('Invalid button', 'The button must send payload, signature and publicKeyId (createCheckoutSessionConfig).'),
      );
    }
    if (query.publicKeyId !== config.WALLET_PUBLIC_KEY_ID)
      return html(reply, 400, errorPage('Invalid button', `Unknown publicKeyId ${query.publicKeyId}.`));
    if (query.algorithm && !isSignatureAlgorithm(query.algorithm))
      return html(reply, 400, errorPage('Invalid button', `Unknown signature algorithm ${query.algorithm}.`));
    // Amazon's button defaults to the older algorithm when createCheckoutSessionConfig names none.
    const algorithm: SignatureAlgorithm = isSignatureAlgorithm(query.algorithm) ? query.algorithm : 'AMZN-PAY-RSASSA-PSS';
    if (!verifyButtonSignature(query.payload, query.signature, config.WALLET_PUBLIC_KEY_PEM, algorithm)) {
      const hint =
        !query.algorithm && verifyButtonSignature(query.payload, query.signature, config.WALLET_PUBLIC_KEY_PEM, 'AMZN-PAY-RSASSA-PSS-V2')
          ? ' It was made with AMZN-PAY-RSASSA-PSS-V2: pass createCheckoutSessionConfig.algorithm.'
          : '';
      recordActivity(wallet, 'button refused: bad signature', hint.trim());
      return html(reply, 400, errorPage('Invalid button', `The button signature does not match its payload.${hint}`));
    }
    let payload: unknown;
    try {
      payload = JSON.parse(query.payload);
    } catch {
      return html(reply, 400, errorPage('Invalid button', 'The button payload is not JSON.'));
    }
    const input = parseWith(createCheckoutSessionSchema, payload);
    assertCreatable(input, config.WALLET_STORE_ID);
    const session = createCheckoutSession(input, productTypeOf(query.productType) ?? 'PayAndShip', context.clock.now());
    store.sessions.set(session.checkoutSessionId, session);
    recordActivity(wallet, 'checkout session created (button)', `${session.checkoutSessionId} ${session.chargePermissionType}`);
    return reply.redirect(`${mountPath}/checkout?amazonCheckoutSessionId=${encodeURIComponent(session.checkoutSessionId)}`, 302);
  });

  function showSignIn(reply: FastifyReply, id: string, productType: ProductType | undefined) {
    const session = findSession(wallet, id);
    if (!session || session.state !== 'Open') return html(reply, ...unavailable(session, id));
    if (session.buyerConfirmedAt)
      return html(reply, 409, errorPage('Payment already approved', 'The buyer already approved this payment.'));
    return html(reply, 200, signInPage(session, paths(id), productType));
  }

  app.post<WithId & { Body: Query | undefined }>('/checkout/:id/sign-in', async (request, reply) => {
    const session = findSession(wallet, request.params.id);
    if (!session || session.state !== 'Open') return html(reply, ...unavailable(session, request.params.id));
    const buyer = findTestBuyer(request.body?.buyer);
    if (!buyer) return html(reply, 400, errorPage('Unknown buyer', 'Choose one of the test buyers.'));
    if (session.buyerConfirmedAt)
      return html(reply, 409, errorPage('Payment already approved', 'The buyer already approved this payment.'));
    session.buyerKey = buyer.key;
    session.productType = productTypeOf(request.body?.productType) ?? session.productType;
    session.lastUpdatedAt = context.clock.now();
    recordActivity(wallet, 'buyer signed in', `${session.checkoutSessionId} ${buyer.name}`);
    return reply.redirect(withSessionId(session.webCheckoutDetails.checkoutReviewReturnUrl!, session.checkoutSessionId), 302);
  });

  app.get<WithId>('/checkout/:id/confirm', async (request, reply) => {
    const session = findSession(wallet, request.params.id);
    if (!session || session.state !== 'Open') return html(reply, ...unavailable(session, request.params.id));
    const constraints = constraintsOf(session);
    if (constraints.length > 0) return html(reply, 409, notPayablePage(session, constraints));
    return html(reply, 200, confirmPage(session, sessionBuyer(session)!, paths(session.checkoutSessionId)));
  });

  app.post<WithId>('/checkout/:id/confirm', async (request, reply) => {
    const session = findSession(wallet, request.params.id);
    if (!session || session.state !== 'Open') return html(reply, ...unavailable(session, request.params.id));
    const constraints = constraintsOf(session);
    if (constraints.length > 0) return html(reply, 409, notPayablePage(session, constraints));
    const resultUrl = withSessionId(session.webCheckoutDetails.checkoutResultReturnUrl!, session.checkoutSessionId);
    if (session.buyerConfirmedAt) return reply.redirect(resultUrl, 302);
    const now = context.clock.now();
    const buyer = sessionBuyer(session)!;
    const outcome =
      session.paymentDetails.paymentIntent === 'Confirm'
        ? ({ approved: true } as const)
        : authorizePayment(buyer, Number(session.paymentDetails.chargeAmount!.amount));
    if (outcome.approved) {
      session.buyerConfirmedAt = now;
      session.lastUpdatedAt = now;
      recordActivity(
        wallet,
        'buyer approved payment',
        `${session.checkoutSessionId} ${buyer.name} ¥${session.paymentDetails.chargeAmount!.amount}`,
      );
    } else {
      cancelSession(session, 'Declined', outcome.reasonDescription, now);
      recordActivity(wallet, 'payment declined', `${session.checkoutSessionId} ${buyer.name}`);
    }
    return reply.redirect(resultUrl, 302);
  });

  app.post<WithId>('/checkout/:id/cancel', async (request, reply) => {
    const session = findSession(wallet, request.params.id);
    if (!session) return html(reply, ...unavailable(session, request.params.id));
    if (session.state === 'Open') {
      cancelSession(session, 'BuyerCanceled', 'The buyer canceled checkout on the wallet page.', context.clock.now());
      recordActivity(wallet, 'buyer canceled', session.checkoutSessionId);
    } else if (session.reasonCode !== 'BuyerCanceled') {
      return html(reply, 409, notPayablePage(session, []));
    }
    // A buyer who already saw the merchant's review page came back from the payment page.
    const web = session.webCheckoutDetails;
    const reviewed = Boolean(
      session.buyerKey && web.checkoutResultReturnUrl && session.paymentDetails.chargeAmount && session.paymentDetails.paymentIntent,
    );
    const target = web.checkoutCancelUrl ?? (reviewed ? web.checkoutResultReturnUrl! : web.checkoutReviewReturnUrl!);
    return reply.redirect(withSessionId(target, session.checkoutSessionId), 302);
  });
}
