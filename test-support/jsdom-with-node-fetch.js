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
];

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithNodeFetch;
