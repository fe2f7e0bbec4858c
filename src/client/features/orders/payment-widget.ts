import type { CrwnPay, PaymentWidgetConfig } from '#shared/payment-widget.ts';
import { apiRequest } from '#client/lib/api-client.ts';

declare global {
  interface Window {
    /** Defined by the payment widget's script. */
    CrwnPay?: CrwnPay<HTMLButtonElement>;
  }
}

let loading: Promise<CrwnPay<HTMLButtonElement>> | undefined;

function loadScript(src: string): Promise<CrwnPay<HTMLButtonElement>> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.CrwnPay) resolve(window.CrwnPay);
      else reject(new Error('The payment widget loaded but did not start.'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`The payment widget could not be loaded from ${src}.`));
    });
    document.head.append(script);
  });
}

/**
 * Loads the card widget's script once per page, only when a page needs it (the checkout), from
 * the payment provider's own origin, which the shop names (`GET /api/payments/widget`). Rejects
 * when the script cannot be loaded; a later call tries again.
 */
export function loadPaymentWidget(): Promise<CrwnPay<HTMLButtonElement>> {
  if (window.CrwnPay) return Promise.resolve(window.CrwnPay);
  loading ??= apiRequest<PaymentWidgetConfig>('/api/payments/widget')
    .then(({ scriptUrl }) => loadScript(scriptUrl))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
