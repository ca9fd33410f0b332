import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has safe first-run defaults: embedded database with the demo catalogue on 127.0.0.1:3000', () => {
    const config = loadConfig({ INIT_CWD: '/srv/makazi' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/makazi', 'data'),
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  it('does not seed demo listings into a PostgreSQL server unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/makazi';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('resolves relative paths against the directory npm was invoked from, not the workspace', () => {
    const config = loadConfig({
      INIT_CWD: '/home/amina/makazi',
      DATA_DIR: './var',
      WEB_DIST_DIR: 'web',
    });
    expect(config.dataDir).toBe('/home/amina/makazi/var');
    expect(config.webDistDir).toBe('/home/amina/makazi/web');
    expect(loadConfig({ INIT_CWD: '/x', DATA_DIR: '/abs/data' }).dataDir).toBe('/abs/data');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('refuses %o with an error naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable}:`));
  });
});
