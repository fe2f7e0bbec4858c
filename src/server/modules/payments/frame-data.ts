import type { ResolvedPaymentLocale } from '#shared/payment-widget-core.ts';
import type { WidgetTexts } from './widget-texts.ts';

/**
 * What the card form's page hands its script, as JSON in `<script type="application/json">`:
 * the page renders every text server-side, and the script needs them again for the messages it
 * shows. Imported by frame-page.ts and browser/frame.ts alike, so it has no DOM and no Node.
 */
export interface FramePageData {
  locale: ResolvedPaymentLocale;
  texts: WidgetTexts;
  /** The shop's origin: the only window the form takes options from and posts to. */
  parentOrigin: string;
}

/** The id of the element that carries the `FramePageData`. */
export const FRAME_DATA_ID = 'crwn-pay-data';
