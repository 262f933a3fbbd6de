import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const url = process.argv[2];
const r: any = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G } } });
const ev = r.artifacts.Trace.traceEvents;
const a=r.lhr.audits;
console.log('perf', r.lhr.categories.performance.score, 'TBT', a['total-blocking-time'].numericValue?.toFixed(0));
const parse = ev.find((e:any)=>e.name==='ParseHTML');
const tid = parse.tid, pid = parse.pid;
const nav = ev.find((e:any)=>e.name==='navigationStart' && e.pid===pid)?.ts ?? parse.ts;
const mainX = ev.filter((e:any)=>e.ph==='X' && e.tid===tid && e.pid===pid).sort((x:any,y:any)=>x.ts-y.ts);
const tops = mainX.filter((e:any)=>e.name==='RunTask' && e.dur>8000);
for (const t of tops) {
  const kids = mainX.filter((e:any)=>e!==t && e.ts>=t.ts && e.ts+e.dur<=t.ts+t.dur && e.dur>1500);
  console.log(((t.ts-nav)/1000).toFixed(0), (t.dur/1000).toFixed(1), kids.map((k:any)=>`${k.name}:${(k.dur/1000).toFixed(1)}${k.args?.data?.functionName? '('+k.args.data.functionName+')':''}${k.args?.data?.type? '['+k.args.data.type+']':''}`).join(' '));
}
await chrome.kill();
