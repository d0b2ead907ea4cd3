// The browser library, standing in for https://www.google.com/recaptcha/api.js?render=<siteKey>:
// `grecaptcha.ready(cb)` and `grecaptcha.execute(siteKey, {action}) → Promise<token>`, the whole
// surface a v3 integration uses (https://developers.google.com/recaptcha/docs/v3). It asks the
// sandbox for a token next to where the script was loaded from, so it works behind any host name.
export function apiScript(options: { fallbackTokenUrl: string; onload?: string }): string {
  const onload = options.onload && /^[A-Za-z_$][\w$]*$/.test(options.onload) ? options.onload : undefined;
  return `/* Kifu sandbox reCAPTCHA v3 stand-in */
(function () {
  'use strict';
  var script = document.currentScript;
  var tokenUrl = script && script.src ? new URL('api/token', script.src).href : ${JSON.stringify(options.fallbackTokenUrl)};
  var grecaptcha = window.grecaptcha || {};
  grecaptcha.ready = function (callback) {
    Promise.resolve().then(callback);
  };
  grecaptcha.execute = function (siteKey, options) {
    var action = options && options.action;
    return fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteKey: siteKey, action: action })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error(body.message || body.error || 'reCAPTCHA error');
        return body.token;
      });
    });
  };
  window.grecaptcha = grecaptcha;
  ${onload ? `if (typeof window[${JSON.stringify(onload)}] === 'function') Promise.resolve().then(window[${JSON.stringify(onload)}]);` : ''}
})();
`;
}
