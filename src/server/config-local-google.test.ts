import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const GOOGLE = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

describe('LOCAL_GOOGLE, the local stand-in for Google', () => {
  it('is off unless switched on, in development, in production and with Google credentials', () => {
    expect(loadConfig({}).LOCAL_GOOGLE).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development' }).LOCAL_GOOGLE).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production' }).LOCAL_GOOGLE).toBe('off');
    expect(loadConfig(GOOGLE).LOCAL_GOOGLE).toBe('off');
  });

  it('follows an explicit setting', () => {
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_GOOGLE: 'on' }).LOCAL_GOOGLE).toBe('on');
    expect(loadConfig({ LOCAL_GOOGLE: 'off' }).LOCAL_GOOGLE).toBe('off');
  });

  it('refuses other values, and being on beside Google credentials', () => {
    expect(() => loadConfig({ LOCAL_GOOGLE: 'yes' })).toThrow(/LOCAL_GOOGLE/);
    expect(() => loadConfig({ ...GOOGLE, LOCAL_GOOGLE: 'on' })).toThrow(/LOCAL_GOOGLE/);
  });
});
