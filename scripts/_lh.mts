import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const url = process.argv[2];
for (let i=0;i<Number(process.argv[3]??1);i++){
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G } } });
const a = r!.lhr.audits;
console.log(r!.lhr.runtimeError?.code, "perf", r!.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue?.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue?.toFixed(0), 'SI', a['speed-index'].numericValue?.toFixed(0), 'TBT', a['total-blocking-time'].numericValue?.toFixed(0), 'bench', r!.lhr.environment.benchmarkIndex);
if (false){
for (const id of ['render-blocking-resources','mainthread-work-breakdown','largest-contentful-paint-element','dom-size','bootup-time','critical-request-chains','network-rtt','server-response-time']) console.log(id, JSON.stringify(a[id]?.details?.items ?? a[id]?.displayValue).slice(0,1200));
}
}
await chrome.kill();
