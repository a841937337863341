// The page's address follows the user: opened at H1 step 1, two taps of the right arrow step twice and
// the address says step=3; the settings went to local storage. Prints one line per check, "FAILED"
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
browser.close();
process.exit(failed ? 1 : 0);
