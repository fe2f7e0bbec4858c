/*
 * The CrwnPay card form's own script, inlined (with a CSP nonce) into /pay/v1/frame. Plain
 * ES2020, no build step. It takes its options from the page by postMessage (same origin only),
 * checks the card as the shopper types, asks /pay/v1/tokens for a token and posts the token back.
 * The card checks copy src/shared/payment-cards.ts; payment-cards.test.ts runs both on one table.
 */
(function () {
  'use strict';

  // ---- Card checks (keep in step with src/shared/payment-cards.ts) ----

  function cardDigits(typed) {
    var trimmed = String(typed).trim();
    if (!/^[\d][\d -]*$/.test(trimmed)) return undefined;
    return trimmed.replace(/[ -]/g, '');
  }

  function passesLuhn(digits) {
    if (!/^\d+$/.test(digits)) return false;
    var sum = 0;
    for (var index = 0; index < digits.length; index += 1) {
      var digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function cardBrand(digits) {
    if (/^3[47]/.test(digits)) return 'amex';
    if (/^4/.test(digits)) return 'visa';
    if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
    if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
    return 'unknown';
  }

  function checkCardNumber(typed) {
    if (String(typed).trim() === '') return 'required';
    var digits = cardDigits(typed);
    if (!digits || digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) {
      return 'invalid_number';
    }
    if (cardBrand(digits) === 'amex' && digits.length !== 15) return 'invalid_number';
    return undefined;
  }

  function parseExpiry(typed) {
    var match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(String(typed));
    if (!match) return undefined;
    var month = Number(match[1]);
    var year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    if (month < 1 || month > 12) return undefined;
    return { month: month, year: year };
  }

  function checkExpiry(month, year, now) {
    var today = now || new Date();
    if (!Number.isInteger(month) || month < 1 || month > 12) return 'invalid_expiry';
    if (!Number.isInteger(year) || year < 2000 || year > 2100) return 'invalid_expiry';
    var thisMonth = today.getFullYear() * 12 + today.getMonth();
    if (year * 12 + (month - 1) < thisMonth) return 'expired_expiry';
    if (year > today.getFullYear() + 20) return 'invalid_expiry';
    return undefined;
  }

  function checkCvc(cvc, brand) {
    if (String(cvc).trim() === '') return 'required';
    var pattern = brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/;
    return pattern.test(String(cvc).trim()) ? undefined : 'invalid_cvc';
  }

  function checkZip(zip) {
    if (String(zip).trim() === '') return 'required';
    return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(String(zip).trim())
      ? undefined
      : 'invalid_zip';
  }

  var checks = {
    cardDigits: cardDigits,
    passesLuhn: passesLuhn,
    cardBrand: cardBrand,
    checkCardNumber: checkCardNumber,
    parseExpiry: parseExpiry,
    checkExpiry: checkExpiry,
    checkCvc: checkCvc,
    checkZip: checkZip,
  };

  var form = typeof document !== 'undefined' ? document.getElementById('crwn-pay-form') : null;
  if (!form) {
    // Loaded without its page (the unit tests): offer the checks and stop.
    globalThis.crwnPayFrameChecks = checks;
    return;
  }

  // ---- The form ----

  var data = JSON.parse(document.getElementById('crwn-pay-data').textContent);
  var texts = data.texts;
  var locale = data.locale;
  var ownOrigin = location.origin;
  var embedded = window.parent !== window;
  var options = null;
  var submitting = false;

  function byId(id) {
    return document.getElementById('crwn-pay-' + id);
  }

  var submit = byId('submit');
  var formError = byId('form-error');
  var ADDRESS_PARTS = ['name', 'line1', 'city', 'zip', 'country'];

  function post(message) {
    if (embedded) window.parent.postMessage(message, ownOrigin);
  }

  function formatAmount(amount, currency) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).format(amount / 100);
    } catch (error) {
      return (amount / 100).toFixed(2) + ' ' + currency.toUpperCase();
    }
  }

  function payLabel() {
    if (!options) return texts.pay.replace('{{amount}}', '').trim();
    var amount = formatAmount(options.amount, options.currency || 'usd');
    var label = options.panelLabel || texts.pay;
    return label.indexOf('{{amount}}') === -1
      ? label + ' ' + amount
      : label.split('{{amount}}').join(amount);
  }

  function isSafeImage(url) {
    try {
      var parsed = new URL(url, location.href);
      if (parsed.origin === ownOrigin || parsed.protocol === 'https:') return true;
      return /^data:image\/(png|jpeg|gif|webp);/.test(url);
    } catch (error) {
      return false;
    }
  }

  function setShown(element, shown) {
    element.hidden = !shown;
    Array.prototype.forEach.call(element.querySelectorAll('input'), function (input) {
      input.disabled = !shown;
    });
  }

  function sameAsBilling() {
    var box = byId('same-as-billing');
    return Boolean(options && options.billingAddress && options.shippingAddress && box.checked);
  }

  function applyOptions(received) {
    options = received;
    if (options.name) byId('title').textContent = options.name;
    if (options.description) {
      byId('description').textContent = options.description;
      byId('description').hidden = false;
    }
    if (options.image && isSafeImage(options.image)) {
      byId('image').src = options.image;
      byId('image').hidden = false;
    }
    if (options.email) byId('email').value = options.email;
    setShown(byId('zip-field'), Boolean(options.zipCode));
    setShown(byId('billing'), Boolean(options.billingAddress));
    setShown(byId('shipping'), Boolean(options.shippingAddress));
    setShown(
      byId('same-as-billing-field'),
      Boolean(options.billingAddress && options.shippingAddress),
    );
    syncShippingFields();
    submit.textContent = payLabel();
    submit.disabled = false;
    (options.email ? byId('number') : byId('email')).focus();
  }

  function syncShippingFields() {
    var same = sameAsBilling();
    var group = byId('shipping-fields');
    group.hidden = same;
    Array.prototype.forEach.call(group.querySelectorAll('input'), function (input) {
      input.disabled = same || !(options && options.shippingAddress);
    });
  }

  // ---- Checking fields ----

  function fieldProblem(input) {
    var value = input.value;
    switch (input.name) {
      case 'email':
        if (value.trim() === '') return 'required';
        return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : 'invalid_email';
      case 'number':
        return checkCardNumber(value);
      case 'expiry': {
        if (value.trim() === '') return 'required';
        var expiry = parseExpiry(value);
        return expiry ? checkExpiry(expiry.month, expiry.year) : 'invalid_expiry';
      }
      case 'cvc':
        return checkCvc(value, cardBrand(cardDigits(byId('number').value) || ''));
      case 'zip':
        return checkZip(value);
      default:
        if (/-zip$/.test(input.name)) return checkZip(value);
        return value.trim() === '' ? 'required' : undefined;
    }
  }

  function showProblem(input, problem) {
    var message = byId(input.name + '-error');
    if (problem) {
      input.setAttribute('aria-invalid', 'true');
      message.textContent = texts.errors[problem] || texts.errors.invalid_request;
    } else {
      input.removeAttribute('aria-invalid');
      message.textContent = '';
    }
  }

  function checkInput(input) {
    var problem = fieldProblem(input);
    showProblem(input, problem);
    return !problem;
  }

  function activeInputs() {
    return Array.prototype.filter.call(form.querySelectorAll('input[name]'), function (input) {
      return !input.disabled && input.type !== 'checkbox';
    });
  }

  form.addEventListener(
    'blur',
    function (event) {
      var input = event.target;
      if (input.tagName === 'INPUT' && input.type !== 'checkbox' && input.value !== '') {
        checkInput(input);
      }
    },
    true,
  );

  form.addEventListener('input', function (event) {
    var input = event.target;
    if (input.name === 'number') formatCardNumber(input);
    if (input.name === 'expiry') formatExpiry(input, event.inputType);
    if (input.getAttribute('aria-invalid') === 'true') checkInput(input);
  });

  byId('same-as-billing').addEventListener('change', syncShippingFields);

  function formatCardNumber(input) {
    var atEnd = input.selectionStart === input.value.length;
    var digits = input.value.replace(/\D/g, '').slice(0, 19);
    var groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var parts = [];
    var start = 0;
    for (var i = 0; i < groups.length && start < digits.length; i += 1) {
      parts.push(digits.slice(start, start + groups[i]));
      start += groups[i];
    }
    if (atEnd) input.value = parts.join(' ');
  }

  function formatExpiry(input, inputType) {
    if (inputType && inputType.indexOf('delete') === 0) return;
    var digits = input.value.replace(/\D/g, '').slice(0, 4);
    if (digits.length === 1 && Number(digits) > 1) digits = '0' + digits;
    input.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  }

  // ---- Asking for a token ----

  function address(prefix) {
    var result = {};
    ADDRESS_PARTS.forEach(function (part) {
      result[part] = byId(prefix + '-' + part).value.trim();
    });
    return result;
  }

  function setBusy(busy) {
    submitting = busy;
    submit.disabled = busy;
    submit.setAttribute('aria-busy', busy ? 'true' : 'false');
    submit.textContent = busy ? texts.processing : payLabel();
  }

  function showFormError(code, fallback) {
    formError.textContent = texts.errors[code] || fallback || texts.errors.invalid_request;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (!options || submitting) return;
    formError.textContent = '';
    var invalid = activeInputs().filter(function (input) {
      return !checkInput(input);
    });
    if (invalid.length > 0) {
      invalid[0].focus();
      return;
    }
    var expiry = parseExpiry(byId('expiry').value);
    var args = {};
    if (options.billingAddress) args.billingAddress = address('billing');
    if (options.shippingAddress) {
      args.shippingAddress = sameAsBilling() ? args.billingAddress : address('shipping');
    }
    var card = {
      number: byId('number').value,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: byId('cvc').value.trim(),
    };
    if (options.zipCode) card.zip = byId('zip').value.trim();
    var body = { key: options.key, card: card, email: byId('email').value.trim() };
    if (args.billingAddress) body.billingAddress = args.billingAddress;
    if (args.shippingAddress) body.shippingAddress = args.shippingAddress;

    setBusy(true);
    fetch('/pay/v1/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
      .then(function (response) {
        return response.json().then(function (json) {
          return { ok: response.ok, status: response.status, json: json };
        });
      })
      .then(function (result) {
        if (result.ok) {
          // Forget the card in this page before handing the token over.
          byId('number').value = '';
          byId('cvc').value = '';
          post({ crwnPay: 1, type: 'token', token: result.json, args: args });
          return;
        }
        setBusy(false);
        var error = (result.json && result.json.error) || {};
        if (result.status === 429) return showFormError('rate_limited');
        var input = error.param ? byId(error.param) : null;
        if (input && error.type === 'invalid_request_error') {
          showProblem(input, error.code);
          input.focus();
          return;
        }
        showFormError(error.code, error.message);
      })
      .catch(function () {
        setBusy(false);
        showFormError('network_error');
      });
  });

  // ---- Closing, focus, and the page ----

  function requestClose() {
    post({ crwnPay: 1, type: 'close' });
  }

  byId('close').addEventListener('click', requestClose);

  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the dialog: the page behind it is not reachable while it is open.
    var focusable = Array.prototype.filter.call(
      document.querySelectorAll('button, input'),
      function (element) {
        return !element.disabled && element.offsetParent !== null;
      },
    );
    if (focusable.length === 0) return;
    var first = focusable[0];
    var last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  window.addEventListener('message', function (event) {
    // Only the page that embeds this frame, and only from the shop's own origin.
    if (event.origin !== ownOrigin || event.source !== window.parent || !embedded) return;
    var message = event.data;
    if (!message || message.crwnPay !== 1 || message.type !== 'configure' || options) return;
    if (typeof message.options !== 'object' || message.options === null) return;
    applyOptions(message.options);
  });

  post({ crwnPay: 1, type: 'ready' });
})();
