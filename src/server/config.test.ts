import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to port 3000', () => {
    expect(loadConfig({}).PORT).toBe(3000);
  });

  it('takes PORT from the environment', () => {
    expect(loadConfig({ PORT: '8080' }).PORT).toBe(8080);
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('switches for the development loop', () => {
  it('serves the built site unless SERVE_SITE is false', () => {
    expect(loadConfig({}).SERVE_SITE).toBe(true);
    expect(loadConfig({ SERVE_SITE: 'false' }).SERVE_SITE).toBe(false);
    expect(() => loadConfig({ SERVE_SITE: 'maybe' })).toThrow(/SERVE_SITE/);
  });

  it('leaves the log format to the terminal unless LOG_FORMAT says', () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
