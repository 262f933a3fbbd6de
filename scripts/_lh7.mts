import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const url = process.argv[2];
const rows=[];
for (let i=0;i<Number(process.argv[3]??3);i++){
const r: any = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G } } });
const ev = r.artifacts.Trace.traceEvents;
const parse = ev.find((e:any)=>e.name==='ParseHTML'); const tid=parse.tid, pid=parse.pid;
const sum = (n:string)=>ev.filter((e:any)=>e.name===n && e.ph==='X' && e.tid===tid && e.pid===pid).reduce((s:number,e:any)=>s+e.dur/1000,0);
const a=r.lhr.audits;
rows.push([r.lhr.categories.performance.score*100, a['first-contentful-paint'].numericValue, a['total-blocking-time'].numericValue, sum('UpdateLayoutTree'), sum('Layout'), sum('v8.evaluateModule'), sum('ParseHTML')]);
}
const med=(k:number)=>rows.map(r=>r[k]).sort((x,y)=>x-y)[Math.floor(rows.length/2)].toFixed(0);
console.log('perf', rows.map(r=>r[0]).join(','), 'medFCP', med(1), 'medTBT', med(2), 'style', med(3), 'layout', med(4), 'evalModule', med(5), 'parse', med(6));
await chrome.kill();
