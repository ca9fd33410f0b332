import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverFailure, isDatabaseUnavailableError, isInvalidTextError } from './database-errors';

/** Drizzle's wrapper: the driver's error rides in `cause`. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

function sqlState(code: string, message = 'server said no'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['57014', 'canceling statement due to statement timeout'],
    ['08006', 'connection failure'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
  ])('is true for %s, also inside a wrapper', (code, message) => {
    expect(isDatabaseUnavailableError(sqlState(code, message))).toBe(true);
    expect(isDatabaseUnavailableError(wrapped(sqlState(code, message)))).toBe(true);
  });

  it('is true for the pool messages that carry no code', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
    ]) {
      expect(isDatabaseUnavailableError(wrapped(new Error(message)))).toBe(true);
    }
  });

  it('is false for errors that are the query’s or the code’s fault', () => {
    expect(isDatabaseUnavailableError(wrapped(sqlState('23505', 'duplicate key')))).toBe(false);
    expect(isDatabaseUnavailableError(wrapped(sqlState('42P01', 'relation does not exist')))).toBe(
      false,
    );
    expect(isDatabaseUnavailableError(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailableError('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
  });

  describe('with the real driver', () => {
    // A listener that accepts and at once hangs up plays a server that dies under the client.
    let hangUp: Server;
    let hangUpPort = 0;
    beforeAll(async () => {
      hangUp = createServer((socket) => socket.destroy());
      await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
      const address = hangUp.address();
      hangUpPort = typeof address === 'object' && address ? address.port : 0;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    });

    async function failureOf(port: number): Promise<unknown> {
      const pool = new pg.Pool({
        host: '127.0.0.1',
        port,
        user: 'nobody',
        connectionTimeoutMillis: 2_000,
      });
      pool.on('error', () => undefined);
      try {
        await pool.query('select 1');
        return undefined;
      } catch (err) {
        return err;
      } finally {
        await pool.end();
      }
    }

    it('recognises a refused connection', async () => {
      // Port 1 on loopback: nothing listens there, so the connection is refused at once.
      const error = await failureOf(1);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailableError(wrapped(error))).toBe(true);
    });

    it('recognises a connection the server ended', async () => {
      const error = await failureOf(hangUpPort);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailableError(wrapped(error))).toBe(true);
    });
  });
});

describe('isInvalidTextError', () => {
  it('is true for a NUL refused by PostgreSQL, inside a wrapper', () => {
    expect(isInvalidTextError(wrapped(sqlState('22021')))).toBe(true);
    expect(isInvalidTextError(wrapped(sqlState('22P05')))).toBe(true);
    expect(isInvalidTextError(wrapped(sqlState('57P01')))).toBe(false);
  });
});

describe('driverFailure', () => {
  it('names the driver’s code and message, not the wrapper’s SQL and parameters', () => {
    const error = wrapped(sqlState('57P01', 'terminating connection due to administrator command'));
    expect(driverFailure(error)).toBe('57P01 terminating connection due to administrator command');
    expect(driverFailure(error)).not.toContain('select');
  });
});
