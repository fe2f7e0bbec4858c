/*
 * The CrwnPay card form's own script, inlined (with a CSP nonce) into /pay/v1/frame as an ES2020
 * bundle of this file (see scripts/build/widget-scripts.ts). It takes its options from the page by
 * postMessage (same origin only), checks the card as the shopper types with the checks the
 * server makes again (src/shared/payment-cards.ts), asks /pay/v1/tokens for a token and posts
 * the token back.
 */
import {
  cardBrand,
  cardDigits,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkZip,
  parseExpiry,
} from '#shared/payment-cards.ts';
import { PAYMENT_TOKENS_PATH } from '#shared/payment-widget-core.ts';
import type {
  CreateTokenBody,
  PaymentAddress,
  PaymentErrorBody,
  PaymentFrameMessage,
  PaymentFrameOptions,
  PaymentToken,
  PaymentTokenArgs,
} from '#shared/payment-widget.ts';
import { FRAME_DATA_ID, type FramePageData } from '#server/modules/payments/frame-data.ts';

const form =
  typeof document !== 'undefined'
    ? (document.getElementById('crwn-pay-form') as HTMLFormElement | null)
    : null;
// Without its page (the script loaded alone) there is nothing to run.
if (form) startForm(form);

function startForm(form: HTMLFormElement) {
  const data = JSON.parse(
    document.getElementById(FRAME_DATA_ID)?.textContent ?? '',
  ) as FramePageData;
  const texts = data.texts;
  const locale = data.locale;
  // Looked up by the codes the server answers with, which may be ones the page has no text for.
  const errorTexts: Partial<Record<string, string>> = { ...texts.errors };
  const ownOrigin = location.origin;
  // The shop's origin, as the server checked it: this form lives on the provider's own origin
  // (ADR 019), and takes options from and posts tokens to the shop's page only.
  const parentOrigin = data.parentOrigin;
  const embedded = window.parent !== window;
  let options: PaymentFrameOptions | null = null;
  let submitting = false;

  function byId<Element extends HTMLElement = HTMLInputElement>(id: string) {
    return document.getElementById('crwn-pay-' + id) as Element;
  }

  const submit = byId<HTMLButtonElement>('submit');
  const formError = byId<HTMLParagraphElement>('form-error');
  const ADDRESS_PARTS = ['name', 'line1', 'city', 'zip', 'country'] as const;

  function post(message: PaymentFrameMessage) {
    if (embedded) window.parent.postMessage(message, parentOrigin);
  }

  function formatAmount(amount: number, currency: string) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).format(amount / 100);
    } catch {
      return (amount / 100).toFixed(2) + ' ' + currency.toUpperCase();
    }
  }

  function payLabel() {
    if (!options) return texts.pay.replace('{{amount}}', '').trim();
    const amount = formatAmount(options.amount, options.currency || 'usd');
    const label = options.panelLabel || texts.pay;
    return label.indexOf('{{amount}}') === -1
      ? label + ' ' + amount
      : label.split('{{amount}}').join(amount);
  }

  function isSafeImage(url: string) {
    try {
      const parsed = new URL(url, location.href);
      if (parsed.origin === ownOrigin || parsed.protocol === 'https:') return true;
      // An image cannot run script, SVG included; the shop passes its logo inline.
      return /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(url);
    } catch {
      return false;
    }
  }

  function setShown(element: HTMLElement, shown: boolean) {
    element.hidden = !shown;
    element
      .querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')
      .forEach((input) => {
        input.disabled = !shown;
      });
  }

  function sameAsBilling() {
    const box = byId('same-as-billing');
    return Boolean(options && options.billingAddress && options.shippingAddress && box.checked);
  }

  function applyOptions(received: PaymentFrameOptions) {
    options = received;
    if (options.name) byId('title').textContent = options.name;
    if (options.description) {
      byId('description').textContent = options.description;
      byId('description').hidden = false;
    }
    if (options.image && isSafeImage(options.image)) {
      byId<HTMLImageElement>('image').src = options.image;
      byId('image').hidden = false;
    }
    if (options.email) byId('email').value = options.email;
    // The billing address has its own postal code: the card's ZIP is asked only without it.
    setShown(byId('zip-field'), Boolean(options.zipCode && !options.billingAddress));
    setShown(byId('billing'), Boolean(options.billingAddress));
    setShown(byId('shipping'), Boolean(options.shippingAddress));
    setShown(
      byId('same-as-billing-field'),
      Boolean(options.billingAddress && options.shippingAddress),
    );
    syncShippingFields();
    submit.textContent = payLabel();
    // Until now nothing could be typed: the form takes focus below, and a field being filled
    // while it did so would have lost what was typed into it (the flaky payments spec).
    byId<HTMLFieldSetElement>('fields').disabled = false;
    (options.email ? byId('number') : byId('email')).focus();
  }

  function syncShippingFields() {
    const same = sameAsBilling();
    const group = byId('shipping-fields');
    group.hidden = same;
    group
      .querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')
      .forEach((input) => {
        input.disabled = same || !(options && options.shippingAddress);
      });
  }

  // ---- Checking fields ----

  function fieldProblem(input: HTMLInputElement | HTMLSelectElement) {
    const value = input.value;
    switch (input.name) {
      case 'email':
        if (value.trim() === '') return 'required';
        return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : 'invalid_email';
      case 'number':
        return checkCardNumber(value);
      case 'expiry': {
        if (value.trim() === '') return 'required';
        const expiry = parseExpiry(value);
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

  function showProblem(input: HTMLInputElement | HTMLSelectElement, problem: string | undefined) {
    const message = byId<HTMLParagraphElement>(input.name + '-error');
    if (problem) {
      input.setAttribute('aria-invalid', 'true');
      message.textContent = errorTexts[problem] || texts.errors.invalid_request;
    } else {
      input.removeAttribute('aria-invalid');
      message.textContent = '';
    }
  }

  function checkInput(input: HTMLInputElement | HTMLSelectElement) {
    const problem = fieldProblem(input);
    showProblem(input, problem);
    return !problem;
  }

  function activeInputs() {
    return Array.from(
      form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]'),
    ).filter((input) => !input.disabled && input.type !== 'checkbox');
  }

  form.addEventListener(
    'blur',
    (event) => {
      const input = event.target as HTMLInputElement;
      if (input.tagName === 'INPUT' && input.type !== 'checkbox' && input.value !== '') {
        checkInput(input);
      }
    },
    true,
  );

  form.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    if (select.tagName === 'SELECT') checkInput(select);
  });

  form.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name === 'number') formatCardNumber(input);
    if (input.name === 'expiry') formatExpiry(input, event.inputType);
    if (input.getAttribute('aria-invalid') === 'true') checkInput(input);
  });

  byId('same-as-billing').addEventListener('change', syncShippingFields);

  function formatCardNumber(input: HTMLInputElement) {
    const atEnd = input.selectionStart === input.value.length;
    const digits = input.value.replace(/\D/g, '').slice(0, 19);
    const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts: string[] = [];
    let start = 0;
    for (const size of groups) {
      if (start >= digits.length) break;
      parts.push(digits.slice(start, start + size));
      start += size;
    }
    if (atEnd) input.value = parts.join(' ');
  }

  function formatExpiry(input: HTMLInputElement, inputType: string | undefined) {
    if (inputType && inputType.indexOf('delete') === 0) return;
    let digits = input.value.replace(/\D/g, '').slice(0, 4);
    if (digits.length === 1 && Number(digits) > 1) digits = '0' + digits;
    input.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  }

  // ---- Asking for a token ----

  function address(prefix: 'billing' | 'shipping') {
    const result: Partial<PaymentAddress> = {};
    ADDRESS_PARTS.forEach((part) => {
      result[part] = byId(prefix + '-' + part).value.trim();
    });
    return result as PaymentAddress;
  }

  function setBusy(busy: boolean) {
    submitting = busy;
    // Not `disabled`: that would drop focus to the page's body, and the answer would then be
    // announced to no one in particular (issue #10, item 3). `submitting` refuses a second go.
    submit.setAttribute('aria-disabled', busy ? 'true' : 'false');
    submit.setAttribute('aria-busy', busy ? 'true' : 'false');
    submit.textContent = busy ? texts.processing : payLabel();
  }

  /**
   * A refusal of the whole form (a declined card): written at the form's top, which may be out
   * of sight, so it is scrolled to and focused, and read out as the alert it is.
   */
  function showFormError(code: string | undefined, fallback?: string) {
    formError.textContent =
      (code === undefined ? undefined : errorTexts[code]) ||
      fallback ||
      texts.errors.invalid_request;
    formError.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!options || submitting) return;
    formError.textContent = '';
    const invalid = activeInputs().filter((input) => !checkInput(input));
    if (invalid[0]) {
      invalid[0].focus();
      return;
    }
    // Checked just above, with the other fields.
    const expiry = parseExpiry(byId('expiry').value) as { month: number; year: number };
    const args: PaymentTokenArgs = {};
    if (options.billingAddress) args.billingAddress = address('billing');
    if (options.shippingAddress) {
      args.shippingAddress = sameAsBilling() ? args.billingAddress : address('shipping');
    }
    const card: CreateTokenBody['card'] = {
      number: byId('number').value,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: byId('cvc').value.trim(),
    };
    if (options.zipCode) {
      card.zip = (args.billingAddress ? args.billingAddress.zip : byId('zip').value).trim();
    }
    const body: CreateTokenBody = { key: options.key, card, email: byId('email').value.trim() };
    if (args.billingAddress) body.billingAddress = args.billingAddress;
    if (args.shippingAddress) body.shippingAddress = args.shippingAddress;

    setBusy(true);
    fetch(PAYMENT_TOKENS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
      .then((response) =>
        response.json().then((json: unknown) => ({
          ok: response.ok,
          status: response.status,
          json,
        })),
      )
      .then((result) => {
        if (result.ok) {
          // Forget the card in this page before handing the token over.
          byId('number').value = '';
          byId('cvc').value = '';
          post({ crwnPay: 1, type: 'token', token: result.json as PaymentToken, args });
          return;
        }
        setBusy(false);
        const error: Partial<PaymentErrorBody['error']> =
          (result.json as Partial<PaymentErrorBody> | null)?.error || {};
        if (result.status === 429) return showFormError('rate_limited');
        const input = error.param
          ? (document.getElementById('crwn-pay-' + error.param) as HTMLInputElement | null)
          : null;
        if (input && error.type === 'invalid_request_error') {
          showProblem(input, error.code);
          input.focus();
          return;
        }
        showFormError(error.code, error.message);
      })
      .catch(() => {
        setBusy(false);
        showFormError('network_error');
      });
  });

  // ---- Closing, focus, and the page ----

  function requestClose() {
    post({ crwnPay: 1, type: 'close' });
  }

  byId('close').addEventListener('click', requestClose);

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the dialog: the page behind it is not reachable while it is open.
    const focusable = Array.from(
      document.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>(
        'button, input, select',
      ),
    ).filter((element) => !element.matches(':disabled') && element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  window.addEventListener('message', (event) => {
    // Only the page that embeds this frame, and only from the shop's origin.
    if (event.origin !== parentOrigin || event.source !== window.parent || !embedded) return;
    const message = event.data as Partial<PaymentFrameMessage> | null;
    if (!message || message.crwnPay !== 1 || message.type !== 'configure' || options) return;
    if (typeof message.options !== 'object' || message.options === null) return;
    applyOptions(message.options);
  });

  post({ crwnPay: 1, type: 'ready' });
}
