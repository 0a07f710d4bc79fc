import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', LOG_LEVEL: 'info', publicBaseUrl: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and coerces the environment, treating empty values as unset', () => {
    expect(loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', LOG_LEVEL: 'warn', DATA_DIR: '' })).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@h:5432/db', LOG_LEVEL: 'warn', DATA_DIR: '.data' });
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL/);
  });
});
