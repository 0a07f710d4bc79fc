import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', LOG_LEVEL: 'info', publicBaseUrl: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and coerces the environment, treating empty values as unset', () => {
    expect(loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', LOG_LEVEL: 'warn', DATA_DIR: '' })).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@h:5432/db',
      LOG_LEVEL: 'warn',
      DATA_DIR: '.data',
    });
  });

  it('keeps the sandbox payment provider off unless turned on, and never with an https address', () => {
    expect(loadConfig({}).paymentProviders).toEqual([]);
    expect(loadConfig({ PAYMENT_SANDBOX: 'on' }).paymentProviders).toEqual(['sandbox']);
    expect(loadConfig({ PAYMENT_SANDBOX: 'on', PUBLIC_BASE_URL: 'http://localhost:5173' }).paymentProviders).toEqual(['sandbox']);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'on', PUBLIC_BASE_URL: 'https://civitas.example' })).toThrow(
      /PAYMENT_SANDBOX.*development only.*https PUBLIC_BASE_URL/,
    );
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'auto' })).toThrow(/PAYMENT_SANDBOX: must be 'on' or 'off'/);
    expect(loadConfig({ MOYASAR_SECRET_KEY: 'sk', MOYASAR_WEBHOOK_SECRET: 'wh', PUBLIC_BASE_URL: 'https://civitas.example' }).paymentProviders).toEqual([
      'moyasar',
    ]);
  });

  it('offers a sign-in provider only with both its client id and secret', () => {
    expect(loadConfig({}).signInProviders).toEqual([]);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', REPLIT_CLIENT_ID: 'id', REPLIT_CLIENT_SECRET: '' }).signInProviders).toEqual([]);
    expect(
      loadConfig({ REPLIT_CLIENT_ID: 'id', REPLIT_CLIENT_SECRET: 'secret', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).signInProviders,
    ).toEqual(['google', 'replit']);
  });

  it('takes a read replica only beside its primary', () => {
    const both = { DATABASE_URL: 'postgres://u@primary:5432/db', READ_DATABASE_URL: 'postgres://u@replica:5432/db' };
    expect(loadConfig(both)).toMatchObject(both);
    expect(loadConfig({}).READ_DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ READ_DATABASE_URL: both.READ_DATABASE_URL })).toThrow(/READ_DATABASE_URL: a read replica needs its primary in DATABASE_URL/);
    expect(() => loadConfig({ ...both, READ_DATABASE_URL: 'replica' })).toThrow(/READ_DATABASE_URL/);
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL/);
  });
});
