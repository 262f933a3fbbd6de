// Preloaded with `node --import ./scripts/cpu-profile.mjs` (the benches do it when BENCH_CPU_PROF=DIR is set):
// records a V8 CPU profile of the whole process and writes DIR/<pid>.cpuprofile when it stops (open it in
// Chrome DevTools' Performance panel). `--cpu-prof` itself is not allowed in NODE_OPTIONS, hence this file.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.CPU_PROFILE_DIR ?? '.';
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable', () => session.post('Profiler.start'));
let written = false;
function write() {
  if (written) return;
  written = true;
  session.post('Profiler.stop', (error, result) => {
    if (!error) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
}
// The in-process inspector answers synchronously, so the profile is on disk before the process is gone.
process.once('exit', write);
