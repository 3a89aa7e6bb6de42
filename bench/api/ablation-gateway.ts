/**
 * The ablation bench's gateway (bench/api/ablation.ts): the real gateway, as `api-gateway/src/main.ts` starts it,
 * with the fast path's pieces named in ABLATE (comma-separated, api-gateway/src/ablation.ts) turned off. Only this
 * entry passes them; the gateway itself reads no such setting.
 */
import { runProcess } from '@devcircle/service-kit';
import { createGateway, loadConfig } from '../../api-gateway/src';
import { ABLATABLE, type AblatedPiece } from '../../api-gateway/src/ablation';

const names = (process.env.ABLATE ?? '').split(',').filter(Boolean);
for (const name of names)
  if (!(ABLATABLE as readonly string[]).includes(name))
    throw new Error(`ABLATE: unknown piece ${name} (one of ${ABLATABLE.join(', ')})`);
const ablate = new Set(names as AblatedPiece[]);

runProcess(
  'gateway',
  () => createGateway(loadConfig(process.env), { env: process.env, ablate }),
  (gateway) => gateway.logger,
);
