// The page's address follows the user: opened at H1 step 1, two taps of the right arrow step twice and
// the address says step=3; the settings went to local storage. A link opens All orders, and the wheel
// scrolls it. Prints one line per check, "FAILED"
// on a difference (tests/web_test.sh).
//   node web_follow.mjs PAGE_URL PROFILE_DIR
import {openBrowser, sleep} from './web_cdp.mjs';

const [url, profile] = process.argv.slice(2);
const browser = await openBrowser(profile);
let failed = 0;
const check = (name, ok, seen) => {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${name}${ok ? '' : ` (saw ${JSON.stringify(seen)})`}`);
  if (!ok) ++failed;
};
await browser.send('Page.navigate', {url: `${url}?case=h1&model=naive&step=1`});
await sleep(200);
const shown = await browser.waitFor('window.reslabFirstFrameMs', 60);
check('the page draws its first frame', shown !== null, shown);
let query = await browser.evaluate('location.search');
check('the address names what the link opened', query.includes('case=h1') && query.includes('step=1'), query);
for (let tap = 0; tap < 2; ++tap) {
  await browser.key('ArrowRight', 'ArrowRight', 39);
  await sleep(400);
}
query = await browser.waitFor("location.search.includes('step=3') && location.search", 10) ??
        await browser.evaluate('location.search');
check('two taps of the right arrow step twice and the address follows (step=3)', query.includes('step=3'), query);
check('the page did not scroll', (await browser.evaluate('window.scrollY')) === 0, null);
const settings = await browser.evaluate("localStorage.getItem('reslab.settings')");
check('the settings are kept in local storage', typeof settings === 'string' && settings.includes('lang ='), settings);

// The All orders window opened by its link, and the wheel scrolls it down a notch at a time, as on the
// desktop (Emscripten's GLFW alone scrolled the other way, by a hundred lines).
const picture = async () => (await browser.send('Page.captureScreenshot', {format: 'png'})).data;
await browser.send('Page.navigate', {url: `${url}?case=p4&lang=en&orders=1`});
await sleep(200);
await browser.waitFor('window.reslabFirstFrameMs', 60);
query = await browser.evaluate('location.search');
check('a link opens the All orders window (orders=1)', query.includes('orders=1'), query);
let before = await picture();
for (let wait = 0; wait < 60; ++wait) {  // until P4's 80 runs are done and nothing moves
  await sleep(500);
  const now = await picture();
  if (now === before) break;
  before = now;
}
const {width, height} = await browser.evaluate(
    '({width: document.getElementById("canvas").clientWidth, height: document.getElementById("canvas").clientHeight})');
const [x, y] = [Math.round(width * 0.7), Math.round(height * 0.5)];  // inside the All orders window
await browser.send('Input.dispatchMouseEvent', {type: 'mouseMoved', x, y});
await sleep(300);
const resting = await picture();
// The picture once `holds` says so of it, or null after ten seconds (a software-rendered frame is slow).
const pictureWhen = async (holds) => {
  for (let wait = 0; wait < 40; ++wait) {
    await sleep(250);
    const now = await picture();
    if (holds(now)) return now;
  }
  return null;
};
await browser.send('Input.dispatchMouseEvent', {type: 'mouseWheel', x, y, deltaX: 0, deltaY: 100});
const scrolled = await pictureWhen((now) => now !== resting);
check('a notch of the wheel down scrolls the window under the pointer', scrolled !== null, null);
await browser.send('Input.dispatchMouseEvent', {type: 'mouseWheel', x, y, deltaX: 0, deltaY: -100});
check('...and a notch up scrolls it back', (await pictureWhen((now) => now === resting)) !== null, null);
browser.close();
process.exit(failed ? 1 : 0);
