import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const url = process.argv[2];
for (let i=0;i<Number(process.argv[3]??3);i++){
const r: any = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G } } });
const ev = r.artifacts.Trace.traceEvents;
const sum = (n:string)=>ev.filter((e:any)=>e.name===n && e.ph==='X').reduce((s:number,e:any)=>s+e.dur/1000,0).toFixed(0);
const a=r.lhr.audits;
console.log('perf', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue?.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue?.toFixed(0), 'TBT', a['total-blocking-time'].numericValue?.toFixed(0), '| ParseHTML', sum('ParseHTML'), 'Style', sum('UpdateLayoutTree'), 'Layout', sum('Layout'), 'Paint', sum('Paint'), 'evalModule', sum('v8.evaluateModule'), 'Raster', sum('RasterTask'));
}
await chrome.kill();
