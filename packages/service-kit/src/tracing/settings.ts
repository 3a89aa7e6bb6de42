import { parseServiceUrl, readInteger } from '../config';

/** OpenTelemetry's sampler names (OTEL_TRACES_SAMPLER), the ones the SDK's samplers cover. */
export const SAMPLERS = [
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
  'always_on',
  'always_off',
  'traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

/** Where a part's spans go when exporting is on (docs/observability.md "OpenTelemetry"). */
export interface SpanExport {
  /** The OTLP/HTTP traces address (`…/v1/traces`); spans are sent as JSON. */
  url: string;
  /** The `service.name` of the part's spans. */
  serviceName: string;
  sampler: SamplerName;
  /** The ratio of the `traceidratio` samplers, 0 to 1. */
  ratio: number;
  /** How long finished spans wait to be sent together (OTEL_BSP_SCHEDULE_DELAY). */
  delayMs: number;
}

const DEFAULT_ENDPOINT = 'http://localhost:4318';

/**
 * A part's span export from the standard OpenTelemetry variables, or undefined: off by default. On when
 * OTEL_TRACES_EXPORTER is `otlp`, or unset while an OTLP endpoint is given (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
 * used as is, or OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`); `none` or OTEL_SDK_DISABLED=true turn it off.
 * A value we cannot honour stops the start with its message rather than being ignored.
 */
export function tracingSettings(part: string, env: NodeJS.ProcessEnv): SpanExport | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() || undefined;
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || undefined;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined;
  if (exporter === 'none') return undefined;
  if (exporter !== undefined && exporter !== 'otlp')
    throw new Error(`OTEL_TRACES_EXPORTER must be otlp or none (got "${env.OTEL_TRACES_EXPORTER}")`);
  if (exporter === undefined && !tracesEndpoint && !endpoint) return undefined;

  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const protocol = env[name]?.trim();
    // The exporter sends JSON; a collector's OTLP/HTTP receiver takes JSON and protobuf alike.
    if (protocol && protocol !== 'http/json')
      throw new Error(`${name} must be http/json, what the exporter sends (got "${protocol}")`);
  }
  const url = tracesEndpoint
    ? parseServiceUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint)
    : `${parseServiceUrl('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint ?? DEFAULT_ENDPOINT)}/v1/traces`;

  const sampler = (env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on') as SamplerName;
  if (!SAMPLERS.includes(sampler))
    throw new Error(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')} (got "${sampler}")`);
  const rawRatio = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = rawRatio && sampler.endsWith('traceidratio') ? Number(rawRatio) : 1;
  if (!(ratio >= 0 && ratio <= 1))
    throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1 (got "${rawRatio}")`);

  return {
    url,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || part,
    sampler,
    ratio,
    delayMs: readInteger(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000),
  };
}
