#!/usr/bin/env node
// `npm start`: build what is missing, then run the production server in this process.
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
// A person at a terminal reads the log as lines (pino-pretty), not JSON: the server's LOG_FORMAT=auto writes JSON in
// production, and this runs the production build. Unless the operator chose NODE_ENV or LOG_FORMAT; a service manager
// or a pipe (no terminal) gets JSON as before (e2e/start-output.test.ts).
if (process.stdout.isTTY && process.env.NODE_ENV === undefined && process.env.LOG_FORMAT === undefined) process.env.LOG_FORMAT = 'pretty';
process.env.NODE_ENV ??= 'production';
await import('../server/dist/server.js');
