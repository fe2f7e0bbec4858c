/*
 * CrwnPay checkout.js, served as-is at /pay/v1/checkout.js (plain ES2020, no build step).
 * Defines window.CrwnPay: configure(options) -> { open(overrides), close(), createButton() }.
 * The card form opens over the page in an iframe of this script's own origin; the two talk only
 * by postMessage, each checking the other's origin and window. Types: src/shared/payment-widget.ts.
 */
(function () {
  'use strict';

  var LOCALES = ['auto', 'zh', 'da', 'nl', 'en', 'fr', 'de', 'it', 'ja', 'no', 'es', 'sv'];
  var TEST_KEY = /^pk_test_[A-Za-z0-9_]{1,100}$/;
  var TEST_KEY_MESSAGE = 'CrwnPay: only test keys (pk_test_...) are accepted';
  var BOOLEAN_OPTIONS = ['billingAddress', 'shippingAddress', 'zipCode'];
  var TEXT_OPTIONS = ['name', 'description', 'image', 'email', 'panelLabel', 'label'];
  var CALLBACK_OPTIONS = ['opened', 'closed'];
  // Only these travel to the frame; callbacks stay on the page.
  var FRAME_OPTIONS = [
    'key',
    'amount',
    'currency',
    'name',
    'description',
    'image',
    'email',
    'billingAddress',
    'shippingAddress',
    'zipCode',
    'panelLabel',
  ];

  var script = typeof document !== 'undefined' ? document.currentScript : null;
  var providerOrigin = new URL(
    script && script.src ? script.src : '/',
    typeof location !== 'undefined' ? location.href : 'http://localhost/',
  ).origin;

  /**
   * The problems with `options`, as messages starting with "CrwnPay:"; empty when fine.
   * `forOpen` also requires what opening needs (a positive whole amount in cents).
   */
  function validateOptions(options, forOpen) {
    var problems = [];
    if (typeof options !== 'object' || options === null) return ['CrwnPay: options are required'];
    if (typeof options.key !== 'string' || !TEST_KEY.test(options.key)) {
      problems.push(TEST_KEY_MESSAGE);
    }
    if (typeof options.token !== 'function') {
      problems.push('CrwnPay: token must be a function (token, args) => void');
    }
    if (options.amount !== undefined || forOpen) {
      var amount = options.amount;
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
        problems.push('CrwnPay: amount must be a positive whole number of cents');
      }
    }
    if (options.currency !== undefined && !/^[a-zA-Z]{3}$/.test(String(options.currency))) {
      problems.push('CrwnPay: currency must be a three-letter ISO code such as usd');
    }
    if (options.locale !== undefined && LOCALES.indexOf(options.locale) === -1) {
      problems.push('CrwnPay: locale must be one of ' + LOCALES.join(', '));
    }
    BOOLEAN_OPTIONS.forEach(function (name) {
      if (options[name] !== undefined && typeof options[name] !== 'boolean') {
        problems.push('CrwnPay: ' + name + ' must be true or false');
      }
    });
    TEXT_OPTIONS.forEach(function (name) {
      if (options[name] !== undefined && typeof options[name] !== 'string') {
        problems.push('CrwnPay: ' + name + ' must be text');
      }
    });
    CALLBACK_OPTIONS.forEach(function (name) {
      if (options[name] !== undefined && typeof options[name] !== 'function') {
        problems.push('CrwnPay: ' + name + ' must be a function');
      }
    });
    return problems;
  }

  function assertValid(options, forOpen) {
    var problems = validateOptions(options, forOpen);
    if (problems.length > 0) throw new Error(problems[0]);
  }

  /** 'auto' follows the browser's languages; the frame is then rendered in that language. */
  function resolveLocale(locale) {
    if (locale && locale !== 'auto') return locale;
    var preferred =
      navigator.languages && navigator.languages.length
        ? navigator.languages
        : [navigator.language || 'en'];
    for (var i = 0; i < preferred.length; i += 1) {
      var primary = String(preferred[i]).toLowerCase().split(/[-_]/)[0];
      if (primary === 'nb' || primary === 'nn') primary = 'no';
      if (primary !== 'auto' && LOCALES.indexOf(primary) !== -1) return primary;
    }
    return 'en';
  }

  function assign(target, source) {
    if (source)
      Object.keys(source).forEach(function (name) {
        target[name] = source[name];
      });
    return target;
  }

  function configure(options) {
    assertValid(options, false);
    var base = assign({ currency: 'usd', locale: 'auto', label: 'Pay With Card' }, options);
    var open = null; // { iframe, settings, onMessage, returnFocus }

    function close() {
      if (!open) return;
      var current = open;
      open = null;
      window.removeEventListener('message', current.onMessage);
      if (current.iframe.parentNode) current.iframe.parentNode.removeChild(current.iframe);
      document.documentElement.style.overflow = current.overflow;
      if (current.returnFocus && typeof current.returnFocus.focus === 'function') {
        current.returnFocus.focus();
      }
      if (current.settings.closed) current.settings.closed();
    }

    function openWidget(overrides) {
      if (open) return;
      var settings = assign(assign({}, base), overrides);
      assertValid(settings, true);

      var frameOptions = {};
      FRAME_OPTIONS.forEach(function (name) {
        if (settings[name] !== undefined) frameOptions[name] = settings[name];
      });
      frameOptions.currency = String(settings.currency).toLowerCase();

      var iframe = document.createElement('iframe');
      var locale = resolveLocale(settings.locale);
      iframe.src = providerOrigin + '/pay/v1/frame?locale=' + encodeURIComponent(locale);
      iframe.title = 'CrwnPay';
      iframe.setAttribute('allowtransparency', 'true');
      iframe.setAttribute('data-crwn-pay', 'frame');
      var style = iframe.style;
      style.position = 'fixed';
      style.inset = '0';
      style.width = '100%';
      style.height = '100%';
      style.border = '0';
      style.margin = '0';
      style.padding = '0';
      style.zIndex = '2147483647';
      style.background = 'transparent';
      style.colorScheme = 'normal';

      var onMessage = function (event) {
        if (event.origin !== providerOrigin || event.source !== iframe.contentWindow) return;
        var data = event.data;
        if (!data || data.crwnPay !== 1) return;
        if (data.type === 'ready') {
          iframe.contentWindow.postMessage(
            { crwnPay: 1, type: 'configure', options: frameOptions },
            providerOrigin,
          );
          iframe.focus();
        } else if (data.type === 'token') {
          // The token goes to the page first, then the form closes (and `closed` is called).
          try {
            settings.token(data.token, data.args || {});
          } finally {
            close();
          }
        } else if (data.type === 'close') {
          close();
        }
      };

      open = {
        iframe: iframe,
        settings: settings,
        onMessage: onMessage,
        returnFocus: document.activeElement,
        overflow: document.documentElement.style.overflow,
      };
      window.addEventListener('message', onMessage);
      document.documentElement.style.overflow = 'hidden';
      document.body.appendChild(iframe);
      if (settings.opened) settings.opened();
    }

    return {
      open: openWidget,
      close: close,
      createButton: function () {
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'crwn-pay-button';
        button.textContent = base.label;
        button.addEventListener('click', function () {
          openWidget();
        });
        return button;
      },
    };
  }

  var api = { version: 1, configure: configure, validateOptions: validateOptions };
  if (typeof window !== 'undefined') window.CrwnPay = api;
  else globalThis.CrwnPay = api;
})();
