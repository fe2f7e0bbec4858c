import { useEffect } from 'react';
import type { Metric } from 'web-vitals';

export type VitalsReporter = (metric: Metric) => void;

/**
 * Measures Core Web Vitals and hands each to `onReport`. web-vitals is imported only when a
 * reporter is given, so a shop that does not measure does not download it.
 */
export async function reportWebVitals(onReport?: VitalsReporter): Promise<void> {
  if (!onReport) return;
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  for (const measure of [onCLS, onFCP, onINP, onLCP, onTTFB]) measure(onReport);
}

/** The reporter this build uses: the console when VITE_WEB_VITALS=console, otherwise none. */
function configuredReporter(): VitalsReporter | undefined {
  return import.meta.env.VITE_WEB_VITALS === 'console'
    ? (metric) => console.info(`[web-vitals] ${metric.name}`, metric.value)
    : undefined;
}

export function useWebVitals(): void {
  useEffect(() => {
    void reportWebVitals(configuredReporter());
  }, []);
}
