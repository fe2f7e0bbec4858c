import { countriesByName } from '#shared/countries.ts';
import type { ResolvedPaymentLocale } from '#shared/payment-widget.ts';
import { html, htmlPage, scriptJson, trusted, type SafeHtml } from '#server/platform/http/html.ts';
import { FRAME_DATA_ID, type FramePageData } from './frame-data.ts';
import { WIDGET_TEXTS, type WidgetTexts } from './widget-texts.ts';

interface FieldSpec {
  name: string;
  label: string;
  type?: string;
  autocomplete: string;
  inputmode?: string;
  placeholder?: string;
  maxlength?: number;
}

function field({
  name,
  label,
  type = 'text',
  autocomplete,
  inputmode,
  placeholder,
  maxlength,
}: FieldSpec): SafeHtml {
  const id = `crwn-pay-${name}`;
  const optional = html`${inputmode ? html` inputmode="${inputmode}"` : undefined}${
    placeholder ? html` placeholder="${placeholder}"` : undefined
  }${maxlength ? html` maxlength="${maxlength}"` : undefined}`;
  return html`<div class="field field-${name}">
<label for="${id}">${label}</label>
<input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" required aria-describedby="${id}-error"${optional}>
<p id="${id}-error" class="field-error" role="alert"></p>
</div>`;
}

/** The countries in the form's language, sorted as that language sorts them: made once each. */
const countryOptions = new Map<ResolvedPaymentLocale, SafeHtml>();

function countryOptionsFor(locale: ResolvedPaymentLocale): SafeHtml {
  let options = countryOptions.get(locale);
  if (!options) {
    options = html`${countriesByName(locale).map(
      ({ code, name }) => html`<option value="${code}">${name}</option>`,
    )}`;
    countryOptions.set(locale, options);
  }
  return options;
}

/** A list of countries (ISO codes as values) rather than free text, which no one can check. */
function countryField(
  prefix: 'billing' | 'shipping',
  texts: WidgetTexts,
  locale: ResolvedPaymentLocale,
): SafeHtml {
  const id = `crwn-pay-${prefix}-country`;
  return html`<div class="field field-${prefix}-country">
<label for="${id}">${texts.country}</label>
<select id="${id}" name="${prefix}-country" autocomplete="${prefix} country" required aria-describedby="${id}-error">
<option value="">${texts.chooseCountry}</option>
${countryOptionsFor(locale)}
</select>
<p id="${id}-error" class="field-error" role="alert"></p>
</div>`;
}

function addressFields(
  prefix: 'billing' | 'shipping',
  texts: WidgetTexts,
  locale: ResolvedPaymentLocale,
): SafeHtml[] {
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  return [
    field({ name: `${prefix}-name`, label: texts.name, autocomplete: `${section} name` }),
    field({
      name: `${prefix}-line1`,
      label: texts.line1,
      autocomplete: `${section} address-line1`,
    }),
    field({ name: `${prefix}-city`, label: texts.city, autocomplete: `${section} address-level2` }),
    field({
      name: `${prefix}-zip`,
      label: texts.postalCode,
      autocomplete: `${section} postal-code`,
      maxlength: 10,
    }),
    countryField(prefix, texts, locale),
  ];
}

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a}
body{background:rgba(20,20,20,.6);display:flex;align-items:flex-start;justify-content:center;overflow:auto;padding:5vh 12px}
.panel{background:#fff;width:100%;max-width:380px;border-radius:8px;box-shadow:0 12px 40px rgba(0,0,0,.35);overflow:hidden}
header{position:relative;background:#f3f3f3;border-bottom:1px solid #ddd;padding:20px 48px 16px;text-align:center}
header img{display:block;width:64px;height:64px;margin:0 auto 8px;border-radius:50%;object-fit:contain;background:#fff;border:2px solid #fff}
h1{font-size:1.15rem;margin:0}
.description{margin:4px 0 0;color:#555;font-size:.9rem}
.close{position:absolute;top:8px;right:8px;width:36px;height:36px;border:0;border-radius:50%;background:transparent;font-size:1.5rem;line-height:1;cursor:pointer;color:#444}
.close:hover,.close:focus-visible{background:#e2e2e2}
.test-mode{margin:0;padding:8px 16px;background:#fff4d6;color:#5c4400;font-size:.8rem;text-align:center}
form{padding:16px 20px 20px}
fieldset{border:0;margin:12px 0 0;padding:0}
legend{font-weight:600;margin-bottom:4px;padding:0}
.row{display:flex;gap:12px}.row>.field{flex:1}
.field{margin-bottom:4px}
label{display:block;font-size:.85rem;color:#333;margin-bottom:2px}
fieldset.fields{margin:0}
input[type=text],input[type=email],select{width:100%;padding:9px 10px;font:inherit;border:1px solid #8a8a8a;border-radius:4px}
select{background:#fff;color:inherit}
input:focus-visible,select:focus-visible,button:focus-visible,.form-error:focus{outline:3px solid #2b6de0;outline-offset:1px}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#b00020}
/* Field errors keep their line even when empty: one appearing on blur must not move the pay
   button from under the pointer that is clicking it. */
.field-error,.form-error{color:#b00020;font-size:.8rem;margin:2px 0 0;min-height:1.15em}
.form-error:empty{display:none}
.form-error{font-size:.9rem;margin:0 0 10px;padding:8px 10px;background:#fdecee;border-radius:4px}
.check{display:flex;gap:8px;align-items:center;margin:4px 0 8px}
.check label{margin:0;font-size:.9rem}
.pay{width:100%;margin-top:12px;padding:12px;font:inherit;font-weight:600;color:#fff;background:#1f6fd1;border:0;border-radius:4px;cursor:pointer}
.pay:disabled,.pay[aria-disabled=true]{background:#7a9cc6;cursor:default}
[hidden]{display:none!important}
`;

/** The merchant as the provider knows it: the name and logo (a `data:` or https URL) it shows. */
export interface Merchant {
  name: string;
  image?: string;
}

/**
 * The card form's page, in one language: every text server-rendered, its script inlined under
 * `nonce` (the page's CSP allows nothing else), and no external resource. `script` is the bundle
 * of browser/frame.ts (scripts/build/widget-scripts.ts), which must not contain `</script`.
 */
export function renderFramePage({
  locale,
  nonce,
  parentOrigin,
  script,
  merchant,
}: {
  locale: ResolvedPaymentLocale;
  /** Whom the shopper pays, as the form's heading and logo; the form's own title when not given. */
  merchant?: Merchant | undefined;
  nonce: string;
  /** The shop's origin, checked by the caller: the form talks to it only. */
  parentOrigin: string;
  script: string;
}): string {
  const texts = WIDGET_TEXTS[locale];
  return htmlPage({
    lang: locale,
    title: texts.dialogTitle,
    head: html`<meta name="robots" content="noindex">
<style nonce="${nonce}">${trusted(STYLES)}</style>`,
    body: html`<div class="panel" role="dialog" aria-modal="true" aria-labelledby="crwn-pay-title" aria-describedby="crwn-pay-description">
<header>
${merchant?.image ? html`<img id="crwn-pay-image" alt="" src="${merchant.image}">` : html`<img id="crwn-pay-image" alt="" hidden>`}
<h1 id="crwn-pay-title">${merchant?.name || texts.dialogTitle}</h1>
<p id="crwn-pay-description" class="description" hidden></p>
<button type="button" id="crwn-pay-close" class="close" aria-label="${texts.close}">×</button>
</header>
<p class="test-mode"><strong>${texts.testMode}</strong>: ${texts.testHint}</p>
<form id="crwn-pay-form" novalidate>
<p id="crwn-pay-form-error" class="form-error" role="alert" tabindex="-1"></p>
<fieldset id="crwn-pay-fields" class="fields" disabled>
${field({ name: 'email', label: texts.email, type: 'email', autocomplete: 'email' })}
${field({ name: 'number', label: texts.cardNumber, autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '4242 4242 4242 4242', maxlength: 23 })}
<div class="row">
${field({ name: 'expiry', label: texts.expiry, autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM / YY', maxlength: 9 })}
${field({ name: 'cvc', label: texts.cvc, autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4 })}
</div>
<div id="crwn-pay-zip-field" hidden>
${field({ name: 'zip', label: texts.zip, autocomplete: 'postal-code', maxlength: 10 })}
</div>
<fieldset id="crwn-pay-billing" hidden>
<legend>${texts.billingAddress}</legend>
${addressFields('billing', texts, locale)}
</fieldset>
<fieldset id="crwn-pay-shipping" hidden>
<legend>${texts.shippingAddress}</legend>
<div id="crwn-pay-same-as-billing-field" class="check" hidden>
<input id="crwn-pay-same-as-billing" type="checkbox" checked>
<label for="crwn-pay-same-as-billing">${texts.sameAsBilling}</label>
</div>
<div id="crwn-pay-shipping-fields">
${addressFields('shipping', texts, locale)}
</div>
</fieldset>
<button type="submit" id="crwn-pay-submit" class="pay">${texts.pay.replace('{{amount}}', '').trim()}</button>
</fieldset>
</form>
</div>
<script type="application/json" id="${FRAME_DATA_ID}">${scriptJson({ locale, texts, parentOrigin } satisfies FramePageData)}</script>
<script nonce="${nonce}">${trusted(script)}</script>`,
  });
}
