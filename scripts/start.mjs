#!/usr/bin/env node
// `npm start`: build what is missing, then run the production server in this process.
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
process.env.NODE_ENV ??= 'production';
await import('../server/dist/server.js');
