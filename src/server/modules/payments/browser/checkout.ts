/*
 * CrwnPay checkout.js, served at /pay/v1/checkout.js as an ES2020 bundle of this file
 * (scripts/build/widget-scripts.ts). Defines window.CrwnPay: configure(options) ->
 * { open(overrides), close(), createButton() }. The card form opens over the page in an iframe
 * of this script's own origin, the provider's, which is not the shop's (ADR 019): the page
 * cannot read the form. The two talk only by postMessage, each checking the other's origin and
 * window.
 */
import type {
  CrwnPay,
  CrwnPayHandler,
  CrwnPayOptions,
  PaymentFrameMessage,
  PaymentFrameOptions,
} from '#shared/payment-widget.ts';
import {
  isPaymentLocale,
  isTestPublishableKey,
  PAYMENT_FRAME_PATH,
  PAYMENT_LOCALES,
  resolvePaymentLocale,
  TEST_KEY_REQUIRED_MESSAGE,
  type PaymentLocale,
} from '#shared/payment-widget-core.ts';

type CrwnPayApi = CrwnPay<HTMLButtonElement>;

const BOOLEAN_OPTIONS = ['billingAddress', 'shippingAddress', 'zipCode'] as const;
const TEXT_OPTIONS = ['name', 'description', 'image', 'email', 'panelLabel', 'label'] as const;
const CALLBACK_OPTIONS = ['opened', 'closed'] as const;
// Only these travel to the frame; callbacks stay on the page.
const FRAME_OPTIONS = [
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
] as const satisfies readonly (keyof PaymentFrameOptions)[];

const script = typeof document !== 'undefined' ? document.currentScript : null;
const providerOrigin = new URL(
  script && 'src' in script && script.src ? script.src : '/',
  typeof location !== 'undefined' ? location.href : 'http://localhost/',
).origin;

/**
 * The problems with `options`, as messages starting with "CrwnPay:"; empty when fine.
 * `forOpen` also requires what opening needs (a positive whole amount in cents).
 */
function validateOptions(options: unknown, forOpen?: boolean): string[] {
  const problems: string[] = [];
  if (typeof options !== 'object' || options === null) return ['CrwnPay: options are required'];
  const given = options as Partial<Record<keyof CrwnPayOptions, unknown>>;
  if (!isTestPublishableKey(given.key)) {
    problems.push(TEST_KEY_REQUIRED_MESSAGE);
  }
  if (typeof given.token !== 'function') {
    problems.push('CrwnPay: token must be a function (token, args) => void');
  }
  if (given.amount !== undefined || forOpen) {
    const amount = given.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      problems.push('CrwnPay: amount must be a positive whole number of cents');
    }
  }
  // Whatever the page passes is read as text (a String object passes), as it always was.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  if (given.currency !== undefined && !/^[a-zA-Z]{3}$/.test(String(given.currency))) {
    problems.push('CrwnPay: currency must be a three-letter ISO code such as usd');
  }
  if (given.locale !== undefined && !isPaymentLocale(given.locale)) {
    problems.push('CrwnPay: locale must be one of ' + PAYMENT_LOCALES.join(', '));
  }
  BOOLEAN_OPTIONS.forEach((name) => {
    if (given[name] !== undefined && typeof given[name] !== 'boolean') {
      problems.push('CrwnPay: ' + name + ' must be true or false');
    }
  });
  TEXT_OPTIONS.forEach((name) => {
    if (given[name] !== undefined && typeof given[name] !== 'string') {
      problems.push('CrwnPay: ' + name + ' must be text');
    }
  });
  CALLBACK_OPTIONS.forEach((name) => {
    if (given[name] !== undefined && typeof given[name] !== 'function') {
      problems.push('CrwnPay: ' + name + ' must be a function');
    }
  });
  return problems;
}

function assertValid(options: unknown, forOpen: boolean) {
  const problems = validateOptions(options, forOpen);
  if (problems.length > 0) throw new Error(problems[0]);
}

/** 'auto' follows the browser's languages; the frame is then rendered in that language. */
function resolveLocale(locale: PaymentLocale | undefined) {
  if (locale && locale !== 'auto') return locale;
  const preferred =
    navigator.languages && navigator.languages.length
      ? navigator.languages
      : [navigator.language || 'en'];
  return resolvePaymentLocale(preferred);
}

function isFrameMessage(data: unknown): data is PaymentFrameMessage {
  return typeof data === 'object' && data !== null && (data as { crwnPay?: unknown }).crwnPay === 1;
}

interface OpenWidget {
  iframe: HTMLIFrameElement;
  settings: CrwnPayOptions;
  onMessage: (event: MessageEvent) => void;
  returnFocus: Element | null;
  overflow: string;
}

function configure(options: CrwnPayOptions): CrwnPayHandler<HTMLButtonElement> {
  assertValid(options, false);
  const base: CrwnPayOptions = {
    currency: 'usd',
    locale: 'auto',
    label: 'Pay With Card',
    ...options,
  };
  let open: OpenWidget | null = null;

  function close() {
    if (!open) return;
    const current = open;
    open = null;
    window.removeEventListener('message', current.onMessage);
    if (current.iframe.parentNode) current.iframe.parentNode.removeChild(current.iframe);
    document.documentElement.style.overflow = current.overflow;
    const returnFocus = current.returnFocus as Partial<HTMLElement> | null;
    if (returnFocus && typeof returnFocus.focus === 'function') {
      returnFocus.focus();
    }
    if (current.settings.closed) current.settings.closed();
  }

  function openWidget(overrides?: Partial<CrwnPayOptions>) {
    if (open) return;
    const settings: CrwnPayOptions = { ...base, ...overrides };
    assertValid(settings, true);

    const frameOptions: Partial<Record<keyof PaymentFrameOptions, unknown>> = {};
    FRAME_OPTIONS.forEach((name) => {
      if (settings[name] !== undefined) frameOptions[name] = settings[name];
    });
    frameOptions.currency = String(settings.currency).toLowerCase();
    // A relative image is the page's, not the provider's, whose origin the frame is on.
    if (typeof settings.image === 'string' && settings.image !== '') {
      try {
        frameOptions.image = new URL(settings.image, location.href).href;
      } catch {
        delete frameOptions.image;
      }
    }

    const iframe = document.createElement('iframe');
    const locale = resolveLocale(settings.locale);
    // The frame is on the provider's origin; it answers only the shop's page, which it learns
    // here and the server checks against the shop's configured origin.
    iframe.src =
      providerOrigin +
      PAYMENT_FRAME_PATH +
      '?locale=' +
      encodeURIComponent(locale) +
      '&origin=' +
      encodeURIComponent(location.origin);
    iframe.title = 'CrwnPay';
    iframe.setAttribute('allowtransparency', 'true');
    iframe.setAttribute('data-crwn-pay', 'frame');
    const style = iframe.style;
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

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== providerOrigin || event.source !== iframe.contentWindow) return;
      const data: unknown = event.data;
      if (!isFrameMessage(data)) return;
      if (data.type === 'ready') {
        const message: PaymentFrameMessage = {
          crwnPay: 1,
          type: 'configure',
          // Checked by assertValid above: a test key, a positive amount, each option's type.
          options: frameOptions as PaymentFrameOptions,
        };
        iframe.contentWindow?.postMessage(message, providerOrigin);
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
      iframe,
      settings,
      onMessage,
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
    close,
    createButton() {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'crwn-pay-button';
      button.textContent = base.label ?? null;
      button.addEventListener('click', () => {
        openWidget();
      });
      return button;
    },
  };
}

const api: CrwnPayApi = { version: 1, configure, validateOptions };
if (typeof window !== 'undefined') window.CrwnPay = api;
else (globalThis as { CrwnPay?: CrwnPayApi }).CrwnPay = api;

declare global {
  interface Window {
    CrwnPay?: CrwnPayApi;
  }
}
