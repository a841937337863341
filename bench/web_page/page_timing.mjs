// bench/web's browser side: headless Chromium driven over the DevTools protocol (tests/web_cdp.mjs).
//   node page_timing.mjs URL OUT_DIR
// Prints "first_frame_ms N" per load (five loads); "idle_cpu_percent N", "idle_frames N" and "idle_wakes N" for the
// browser's processes over five idle seconds after the first frame, and "blank_cpu_percent N" for the
// same browser on about:blank; "bench_cold TITLE" and "bench_warm TITLE" for two loads of URL?bench.
import {readFileSync, readdirSync} from 'node:fs';

import {openBrowser, sleep} from '../../tests/web_cdp.mjs';

const [url, profile] = process.argv.slice(2);
const browser = await openBrowser(profile);
const {send, evaluate, waitFor} = browser;

// CPU seconds of each of Chromium's processes, from /proc.
function cpuSeconds() {
  const parents = new Map();
  const times = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      parents.set(Number(pid), Number(fields[1]));
      times.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch (error) {}
  }
  const ours = new Map();
  for (const [pid, time] of times) {
    for (let walk = pid; walk > 1; walk = parents.get(walk) ?? 0) {
      if (walk === browser.pid) { ours.set(pid, time); break; }
    }
  }
  return ours;
}

// CPU use over `seconds`, in percent of one core, of the processes alive at both ends.
async function cpuPercent(seconds) {
  const before = cpuSeconds();
  await sleep(seconds * 1000);
  let used = 0;
  for (const [pid, time] of cpuSeconds()) if (before.has(pid)) used += time - before.get(pid);
  return (used / seconds * 100).toFixed(1);
}

for (let load = 0; load < 5; ++load) {
  await send('Page.navigate', {url: `${url}?case=h1&model=naive&step=4&load=${load}`});
  await sleep(200);
  const ms = await waitFor('window.reslabFirstFrameMs', 30);
  console.log(`first_frame_ms ${ms === null ? 'none' : ms.toFixed(0)}`);
}
await sleep(2000);
const framesBefore = await evaluate('window.reslabFramesDrawn');
const wakesBefore = await evaluate('window.reslabWakes');
console.log(`idle_cpu_percent ${await cpuPercent(5)}`);
console.log(`idle_frames ${(await evaluate('window.reslabFramesDrawn')) - framesBefore}`);
console.log(`idle_wakes ${(await evaluate('window.reslabWakes')) - wakesBefore}`);
// The same browser on an empty page, for what Chromium itself takes while idle.
await send('Page.navigate', {url: 'about:blank'});
await sleep(2000);
console.log(`blank_cpu_percent ${await cpuPercent(5)}`);
// Twice: the first load runs code WebAssembly's baseline compiler made; by the second, Chromium has
// the optimised code of the first in its cache.
for (const load of ['cold', 'warm']) {
  await send('Page.navigate', {url: `${url}?bench&load=${load}`});
  await sleep(200);
  console.log(`bench_${load} ${await waitFor("document.title.startsWith('bench:') && document.title", 300)}`);
}
browser.close();
