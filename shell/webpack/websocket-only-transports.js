// Stands in for engine.io-client's table of transports in the shell's build (see webpack.config.js).
import { WS } from 'engine.io-client-websocket-transport';

export const transports = { websocket: WS };
