const { TestEnvironment } = require('jest-environment-jsdom');

/**
 * jsdom for component tests that talk to the real back end: jsdom has no `fetch`, and Node's fetch refuses
 * jsdom's AbortSignal, so the page gets Node's fetch with Node's abort classes (and streams it needs).
 */
const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'structuredClone',
  // The in-process back end (embedded database, services) runs in this realm too: it needs Node's timers
  // (`unref`) and Buffer, not jsdom's.
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'Buffer',
  // undici (the gateway's client for reads) checks for them when it loads.
  'MessagePort',
  'MessageChannel',
];

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    // Node's package entry points, not the browser ones: the back end's `bson` has a browser build without
    // the Node APIs the embedded database uses.
    this.customExportConditions = ['node', 'node-addons'];
  }
}

module.exports = JsdomWithNodeFetch;
