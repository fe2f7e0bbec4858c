import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { getAppStore } from './app-store.ts';

/**
 * Ends the current task so the browser can paint and answer input before the next step:
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued tasks),
 * otherwise a zero timeout.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * React Router's own entry, with start-up cut into tasks (issue 11: no task over 50 ms on a phone
 * four times slower than this machine). Evaluating the page's modules is one task; making the
 * store (its reducers run for the first time) another; then React hydrates in a transition, which
 * it splits into small pieces by itself.
 */
async function start(): Promise<void> {
  await yieldToMain();
  getAppStore();
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
