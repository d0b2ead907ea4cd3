// GET /wallet/checkout.js: the browser script, shaped like Amazon Pay's checkout.js so the web app
// renders the button the same way against the sandbox and the real provider:
//   KifuWalletPay.renderButton('#wallet-pay', { merchantId, ledgerCurrency: 'JPY', checkoutLanguage,
//     productType, placement, buttonColor, createCheckoutSessionConfig: { payloadJSON, signature,
//     publicKeyId, algorithm? } })   ← amazon.Pay.renderButton
// Clicking sends the browser to the provider page with the signed payload, where the signature is
// checked. The API-based variant (createCheckoutSession: { url }) and the decoupled
// button.onClick + button.initCheckout(...) are there too, as in Amazon's script.

/** The script's own URL gives its base; the configured public URL is the fallback. */
export function checkoutScript(fallbackBase: string): string {
  return `(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\\/checkout\\.js(?:[?#].*)?$/, '') : ${JSON.stringify(fallbackBase)};
  var LABELS = { ja_JP: 'ウォレットペイで支払う', en_US: 'Pay with Wallet Pay', en_GB: 'Pay with Wallet Pay' };
  var COLORS = { Gold: ['#f7ca00', '#0f1111'], LightGray: ['#e7e9ec', '#0f1111'], DarkGray: ['#232f3e', '#ffffff'] };

  function fail(message) {
    throw new Error('KifuWalletPay: ' + message);
  }

  function query(pairs) {
    return pairs
      .filter(function (pair) { return pair[1] !== undefined && pair[1] !== null && pair[1] !== ''; })
      .map(function (pair) { return encodeURIComponent(pair[0]) + '=' + encodeURIComponent(pair[1]); })
      .join('&');
  }

  function checkOptions(options) {
    if (!options || typeof options !== 'object') fail('options are required');
    if (!options.merchantId) fail('merchantId is required');
    if (options.ledgerCurrency !== 'JPY') fail('ledgerCurrency must be JPY');
  }

  function initCheckout(options) {
    checkOptions(options);
    var config = options.createCheckoutSessionConfig;
    var common = [['productType', options.productType], ['checkoutLanguage', options.checkoutLanguage]];
    if (config) {
      if (!config.payloadJSON || !config.signature || !config.publicKeyId) fail('createCheckoutSessionConfig needs payloadJSON, signature and publicKeyId');
      var payload = typeof config.payloadJSON === 'string' ? config.payloadJSON : JSON.stringify(config.payloadJSON);
      window.location.assign(base + '/checkout?' + query([['payload', payload], ['signature', config.signature], ['publicKeyId', config.publicKeyId], ['algorithm', config.algorithm]].concat(common)));
      return;
    }
    var api = options.createCheckoutSession;
    if (api && api.url) {
      fetch(api.url, { method: api.method || 'POST', credentials: 'include' })
        .then(function (response) { return response.json(); })
        .then(function (json) {
          var id = json[api.extractAmazonCheckoutSessionId || 'checkoutSessionId'];
          if (!id) fail('the merchant did not return a checkout session id');
          window.location.assign(base + '/checkout?' + query([['amazonCheckoutSessionId', id]].concat(common)));
        });
      return;
    }
    fail('createCheckoutSessionConfig (or createCheckoutSession) is required');
  }

  function renderButton(selector, options) {
    var container = typeof selector === 'string' ? document.querySelector(selector) : selector;
    if (!container) fail('no element matches ' + selector);
    checkOptions(options);
    var colors = COLORS[options.buttonColor] || COLORS.Gold;
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('data-kifu-wallet-pay', options.placement || 'Other');
    button.textContent = LABELS[options.checkoutLanguage] || LABELS.ja_JP;
    button.style.cssText = 'width:100%;min-height:45px;border:0;border-radius:8px;font-size:16px;font-weight:bold;cursor:pointer;background:' + colors[0] + ';color:' + colors[1];
    var current = options;
    var clickHandler = null;
    button.addEventListener('click', function (event) {
      event.preventDefault();
      if (clickHandler) clickHandler(event);
      else initCheckout(current);
    });
    while (container.firstChild) container.removeChild(container.firstChild);
    container.appendChild(button);
    return {
      onClick: function (handler) { clickHandler = handler; },
      initCheckout: function (config) {
        current = Object.assign({}, options, config);
        initCheckout(current);
      },
    };
  }

  window.KifuWalletPay = { renderButton: renderButton, initCheckout: initCheckout };
})();
`;
}
