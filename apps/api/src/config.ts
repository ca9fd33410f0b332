import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/*
 * The one place that reads process.env. Everything has a safe default for a first run;
 * production refuses the defaults that would be unsafe there (later issues add SMS, payments, JWT).
 */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: booleanFromEnv.optional(),
  MEDIA_STORAGE: z.enum(['disk']).default('disk'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Set by npm to the directory it was invoked from; `npm run … -w` runs scripts inside the workspace.
  INIT_CWD: z.string().optional(),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute. Holds the embedded database, media, generated secrets and the SMS outbox. */
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Seed the demo catalogue on first run: default on for the embedded database only. */
  seedDemo: boolean;
  mediaStorage: 'disk';
  publicUrl: string | undefined;
  logLevel: string;
  /** Built web app served at /. */
  webDistDir: string;
}

export class ConfigError extends Error {}

// apps/api/src/config.ts and apps/api/dist/server.js sit at the same depth, so one relative path serves both.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Relative paths mean "relative to where the user typed the command", also under `npm -w`.
  const baseDir = e.INIT_CWD ?? process.cwd();
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    mediaStorage: e.MEDIA_STORAGE,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : defaultWebDist,
  };
}
