import { PAYMENT_SCRIPT_PATH, type CrwnPay } from '#shared/payment-widget.ts';

declare global {
  interface Window {
    /** Defined by the payment widget's script. */
    CrwnPay?: CrwnPay<HTMLButtonElement>;
  }
}

let loading: Promise<CrwnPay<HTMLButtonElement>> | undefined;

/**
 * Loads the card widget's script once per page, only when a page needs it (the checkout). Rejects
 * when the script cannot be loaded; a later call tries again.
 */
export function loadPaymentWidget(): Promise<CrwnPay<HTMLButtonElement>> {
  if (window.CrwnPay) return Promise.resolve(window.CrwnPay);
  loading ??= new Promise<CrwnPay<HTMLButtonElement>>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PAYMENT_SCRIPT_PATH;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.CrwnPay) resolve(window.CrwnPay);
      else reject(new Error('The payment widget loaded but did not start.'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`The payment widget could not be loaded from ${PAYMENT_SCRIPT_PATH}.`));
    });
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
