// Post-build step: prerender every route to static HTML, write sitemap.xml and robots.txt, precompress
// text assets (.br and .gz siblings the server serves as-is), and print the bytes each page and island ships.
// The server keeps rendering pages at request time (a form post answered with the page) with the same SSR bundle,
// so ssr-dist/ stays, with the page template beside it (server/src/http/page-renderer.ts).
import { copyFile, readFile, writeFile, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webDir, 'dist');
const ssrDir = join(webDir, 'ssr-dist');

const template = await readFile(join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
  throw new Error('dist/index.html has no <!--app-head--> / <!--app-html--> placeholders; run vite build first');
}
await writeFile(join(ssrDir, 'template.html'), template);
const { render, fillTemplate, alternatesOf, prerenderedRoutes, requestRenderedRoutes, siteUrl, ERROR_MESSAGE_PLACEHOLDER } = await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
);
// The server's last resort when even its error page fails to render: this page, the message put in at the placeholder.
await writeFile(join(ssrDir, 'error.html'), fillTemplate(template, render('/', { error: ERROR_MESSAGE_PLACEHOLDER })));

// Images only the pages reference (the server build emitted them): served from dist/assets like every asset.
const ssrAssets = join(ssrDir, 'assets');
for (const name of await readdir(ssrAssets).catch(() => [])) {
  if (!/\.(js|mjs|map|css)$/.test(name)) await copyFile(join(ssrAssets, name), join(dist, 'assets', name));
}

for (const route of prerenderedRoutes) {
  const rendered = await render(route.path);
  const { html } = rendered;
  if (/<script(?![^>]*type="application\/ld\+json")/.test(html)) throw new Error(`${route.path}: inline script in HTML (blocked by CSP)`);
  const page = fillTemplate(template, rendered);
  if (/\sstyle="/.test(html)) throw new Error(`${route.path}: inline style attribute (blocked by CSP)`);
  const file = join(dist, route.file);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
  console.log(`prerendered ${route.path} -> dist/${route.file}`);
}

// Each page in each language, listing all its languages (hreflang alternates, x-default included); the pages the
// server renders per request (the trust page) too.
const urls = [...prerenderedRoutes.filter((r) => r.sitemap), ...requestRenderedRoutes]
  .map((r) => {
    const links = alternatesOf(r.page).map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${a.href}"/>`);
    return [`  <url>`, `    <loc>${siteUrl}${r.path}</loc>`, ...links, `  </url>`].join('\n');
  })
  .join('\n');
await writeFile(
  join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
);
await writeFile(join(dist, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${siteUrl}/sitemap.xml\n`);

// Precompress.
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest)$/;
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}
const sizes = new Map();
for await (const file of walk(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = await readFile(file);
  const gz = gzipSync(data, { level: 9 });
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  await writeFile(`${file}.gz`, gz);
  await writeFile(`${file}.br`, br);
  sizes.set(relative(dist, file), { raw: data.length, gz: gz.length, br: br.length });
}

// Report what each page loads on its first view (HTML plus the scripts, stylesheets and images it references),
// and what each island costs when it loads (chunks no page references directly).
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const referenced = new Set();
for (const route of prerenderedRoutes) {
  const html = await readFile(join(dist, route.file), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]).filter((p) => sizes.has(p) || p.endsWith('.svg'));
  const total = { raw: 0, gz: 0, br: 0 };
  const js = { raw: 0, gz: 0, br: 0 };
  for (const p of [route.file, ...new Set(refs)]) {
    referenced.add(p);
    const s = sizes.get(p) ?? { raw: (await stat(join(dist, p))).size, gz: 0, br: 0 };
    for (const k of ['raw', 'gz', 'br']) {
      total[k] += s[k];
      if (p.endsWith('.js')) js[k] += s[k];
    }
  }
  console.log(`${route.path.padEnd(14)} first view: JS ${kb(js.br)} br (${kb(js.raw)} raw), total ${kb(total.br)} br`);
}
// Islands: the chunks the first-view scripts import on demand.
const islands = new Set();
for (const p of referenced) {
  if (!p.endsWith('.js')) continue;
  const code = await readFile(join(dist, p), 'utf8');
  for (const m of code.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)) islands.add(`assets/${m[1]}`);
}
for (const p of islands) {
  const s = sizes.get(p);
  if (s) console.log(`island ${p}: ${kb(s.br)} br (${kb(s.raw)} raw), loaded when needed`);
}
