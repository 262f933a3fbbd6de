import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const url = process.argv[2];
for (let i=0;i<Number(process.argv[3]??3);i++){
const r: any = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G } } });
const a=r.lhr.audits;
console.log('perf', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue?.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue?.toFixed(0), 'TBT', a['total-blocking-time'].numericValue?.toFixed(0), 'TTI', a['interactive'].numericValue?.toFixed(0));
console.log('  long:', a['long-tasks'].details.items.map((t:any)=>`${t.url.replace(/http:\/\/[^/]+/,'')}@${t.startTime.toFixed(0)}+${t.duration.toFixed(0)}`).join(' '));
}
await chrome.kill();
