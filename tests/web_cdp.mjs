// A headless Chromium driven over the DevTools protocol, for tests/web_test.sh and bench/web, with Node's
// own WebSocket client where it has one (Node 20 with --experimental-websocket, Node 22), else Debian's
// node-ws (Debian 12's Node 18 has none; scripts/web --browser installs it).
import {spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {setTimeout as sleep} from 'node:timers/promises';

const WebSocketClient = globalThis.WebSocket ?? createRequire(import.meta.url)('/usr/share/nodejs/ws');

export {sleep};

// Starts Chromium with its own profile folder; returns {send, evaluate, waitFor, key, close, pid}.
export async function openBrowser(profile) {
  const chromium = spawn('chromium', ['--headless', '--no-sandbox', '--enable-unsafe-swiftshader', '--use-gl=angle',
    '--use-angle=swiftshader', '--window-size=1600,900', `--user-data-dir=${profile}`, '--remote-debugging-port=0',
    'about:blank'], {stdio: 'ignore'});
  const portFile = `${profile}/DevToolsActivePort`;
  for (let i = 0; i < 200 && !existsSync(portFile); ++i) await sleep(100);
  const [port] = readFileSync(portFile, 'utf8').split('\n');
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocketClient(targets.find((target) => target.type === 'page').webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener('open', resolve));
  let nextId = 1;
  const pending = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message.result);
      pending.delete(message.id);
    }
  });
  const send = (method, params = {}) => new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    socket.send(JSON.stringify({id, method, params}));
  });
  const evaluate = async (expression) =>
    (await send('Runtime.evaluate', {expression, returnByValue: true})).result.value;
  // The expression's value once it is truthy, or null after `seconds`.
  const waitFor = async (expression, seconds) => {
    for (let i = 0; i < seconds * 20; ++i) {
      const value = await evaluate(expression);
      if (value !== undefined && value !== null && value !== false) return value;
      await sleep(50);
    }
    return null;
  };
  // A key tapped in the page, as a user presses it: down, then up a tenth of a second later.
  const key = async (name, code, keyCode) => {
    await send('Input.dispatchKeyEvent', {type: 'rawKeyDown', key: name, code, windowsVirtualKeyCode: keyCode});
    await sleep(100);
    await send('Input.dispatchKeyEvent', {type: 'keyUp', key: name, code, windowsVirtualKeyCode: keyCode});
  };
  await send('Page.enable');
  await send('Runtime.enable');
  const close = () => {
    socket.close();
    chromium.kill();
  };
  return {send, evaluate, waitFor, key, close, pid: chromium.pid};
}
