#!/usr/bin/env -S npx tsx
/**
 * `npm run perf:bundle`: what each kilobyte of JavaScript on `/` is.
 * Builds the web client once more with sourcemaps into a temporary directory (the real web/dist is untouched),
 * takes the scripts `/` loads (entry + modulepreloads + their static imports), and attributes every generated
 * byte to its source through the sourcemap, summed per npm package and per app module. Compressed sizes are the
 * chunk's real brotli/gzip size, shared among its sources in proportion to their raw bytes (an estimate).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-bundle-'));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

try {
  console.log(`building web client with sourcemaps into ${outDir} …`);
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });

  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const entryScripts = [...html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);

  // Static imports are what the browser fetches before the page can run; dynamic import() chunks are listed apart.
  const loaded = new Set<string>();
  const lazy = new Set<string>();
  const visit = (url: string) => {
    const rel = url.replace(/^\//, '');
    if (loaded.has(rel)) return;
    loaded.add(rel);
    const code = fs.readFileSync(path.join(outDir, rel), 'utf8');
    const dir = path.posix.dirname(rel);
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)) visit(path.posix.join(dir, m[1]!));
    for (const m of code.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) lazy.add(path.posix.join(dir, m[1]!));
  };
  entryScripts.forEach(visit);
  for (const file of loaded) lazy.delete(file);

  const perPackage = new Map<string, { raw: number; br: number; gz: number }>();
  const perModule = new Map<string, { raw: number; br: number }>();
  let totals = { raw: 0, br: 0, gz: 0 };
  console.log(`\nscripts loaded by / (static graph):`);
  for (const file of loaded) {
    const code = fs.readFileSync(path.join(outDir, file));
    const br = zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const gz = zlib.gzipSync(code, { level: 9 }).length;
    totals = { raw: totals.raw + code.length, br: totals.br + br, gz: totals.gz + gz };
    console.log(`  ${file.padEnd(40)} ${kb(code.length).padStart(9)} raw ${kb(br).padStart(9)} br ${kb(gz).padStart(9)} gzip`);

    const bySource = attribute(code.toString('utf8'), JSON.parse(fs.readFileSync(path.join(outDir, `${file}.map`), 'utf8')) as RawSourceMap);
    for (const [source, raw] of bySource) {
      const share = raw / code.length;
      const pkg = packageOf(source);
      const p = perPackage.get(pkg) ?? { raw: 0, br: 0, gz: 0 };
      perPackage.set(pkg, { raw: p.raw + raw, br: p.br + share * br, gz: p.gz + share * gz });
      const m = perModule.get(source) ?? { raw: 0, br: 0 };
      perModule.set(source, { raw: m.raw + raw, br: m.br + share * br });
    }
  }
  console.log(`  ${'total'.padEnd(40)} ${kb(totals.raw).padStart(9)} raw ${kb(totals.br).padStart(9)} br ${kb(totals.gz).padStart(9)} gzip`);

  console.log(`\nper package (br estimate = chunk's brotli size × the package's share of the chunk's bytes):`);
  for (const [pkg, s] of [...perPackage].sort((a, b) => b[1].raw - a[1].raw)) {
    console.log(`  ${pkg.padEnd(40)} ${kb(s.raw).padStart(9)} raw ${kb(s.br).padStart(9)} br ${kb(s.gz).padStart(9)} gzip  ${((100 * s.raw) / totals.raw).toFixed(1).padStart(5)}%`);
  }
  console.log(`\nlargest modules:`);
  for (const [source, s] of [...perModule].sort((a, b) => b[1].raw - a[1].raw).slice(0, 25)) {
    console.log(`  ${kb(s.raw).padStart(9)} raw ${kb(s.br).padStart(9)} br  ${source}`);
  }
  if (lazy.size > 0) {
    console.log(`\nlazy chunks (dynamic import, not loaded by / until used):`);
    for (const file of lazy) console.log(`  ${file.padEnd(40)} ${kb(fs.statSync(path.join(outDir, file)).size).padStart(9)} raw`);
  }

  const reportDir = path.join(root, 'artifacts', 'perf');
  fs.mkdirSync(reportDir, { recursive: true });
  const reportFile = path.join(reportDir, `bundle-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    reportFile,
    JSON.stringify({ scripts: [...loaded], lazy: [...lazy], totals, packages: Object.fromEntries(perPackage), modules: Object.fromEntries(perModule) }, null, 2),
  );
  console.log(`\nreport: ${path.relative(root, reportFile)}`);
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}

/** Bytes of generated code per original source: each mapping owns the bytes up to the next mapping. */
function attribute(code: string, map: RawSourceMap): Map<string, number> {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const lineStart: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStart.push(offset);
    offset += Buffer.byteLength(line, 'utf8') + 1;
  }
  // Columns in sourcemaps count UTF-16 units; bundles are nearly all ASCII, so units ≈ bytes here.
  const marks: { at: number; source: string }[] = [];
  consumer.eachMapping((m) => {
    marks.push({ at: (lineStart[m.generatedLine - 1] ?? 0) + m.generatedColumn, source: m.source ?? '[unmapped]' });
  });
  marks.sort((a, b) => a.at - b.at);
  const total = Buffer.byteLength(code, 'utf8');
  const bytes = new Map<string, number>();
  const add = (source: string, n: number) => bytes.set(source, (bytes.get(source) ?? 0) + n);
  if (marks.length === 0) add('[unmapped]', total);
  else add('[unmapped]', marks[0]!.at);
  marks.forEach((mark, i) => add(normalise(mark.source), (marks[i + 1]?.at ?? total) - mark.at));
  return bytes;
}

function normalise(source: string): string {
  const i = source.lastIndexOf('node_modules/');
  if (i >= 0) return source.slice(i);
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(web|contract)\//, '$1/');
}

function packageOf(source: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (m) return m[1]!;
  if (source.startsWith('[')) return source;
  if (/^(src|web)\//.test(source)) return 'web/src (app code)';
  if (source.startsWith('contract/')) return 'contract (shared schemas)';
  return source.startsWith('\0') || source.includes('vite/') ? 'vite runtime' : source;
}
