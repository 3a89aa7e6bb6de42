// jsdom has no TextEncoder/TextDecoder, which React Router reads when it loads.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
