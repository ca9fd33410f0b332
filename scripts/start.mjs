#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the server as a child and pass signals
// through. The server itself applies migrations, seeds on first run and shuts down gracefully.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ensureBuilt, serverEntry } from './ensure-built.mjs';

if (!ensureBuilt()) process.exit(1);

// Own process group: a Ctrl+C in the terminal then reaches the server once, through us, instead of
// twice (directly and forwarded), which close-with-grace would take as "force quit now".
const server = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

// npm and the terminal may both deliver the same Ctrl+C to us; copies that close together are one.
const duplicateWindowMs = 500;
let lastForwardedAt = 0;
function forward(signal) {
  const now = Date.now();
  if (now - lastForwardedAt < duplicateWindowMs) return;
  lastForwardedAt = now;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
}
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
process.on('SIGHUP', forward);

server.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 0));
  process.exit(code ?? 1);
});
