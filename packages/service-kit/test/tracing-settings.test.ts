import { tracingSettings } from '../src';

/** The OTEL_* variables a part reads: off unless asked for, and a value we cannot honour refused by name. */
describe('tracingSettings', () => {
  it('is off by default, and when the exporter is none or the SDK disabled', () => {
    expect(tracingSettings('posts', {})).toBeUndefined();
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingSettings('posts', { ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracingSettings('posts', { ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });

  it('is on with an endpoint or OTEL_TRACES_EXPORTER=otlp, named by the part unless OTEL_SERVICE_NAME says', () => {
    expect(tracingSettings('posts', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'posts',
      sampler: 'parentbased_always_on',
      ratio: 1,
      delayMs: 5000,
    });
    expect(
      tracingSettings('gateway', {
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_SERVICE_NAME: 'devcircle-gateway',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_BSP_SCHEDULE_DELAY: '1000',
      }),
    ).toEqual({
      url: 'http://localhost:4318/v1/traces',
      serviceName: 'devcircle-gateway',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
      delayMs: 1000,
    });
    // The traces endpoint is used as given.
    expect(
      tracingSettings('users', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://ignored:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example.com/traces',
      })?.url,
    ).toBe('https://otel.example.com/traces');
  });

  it('refuses what it cannot honour, naming the setting', () => {
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    const refused = (env: NodeJS.ProcessEnv): string => {
      try {
        tracingSettings('posts', env);
        return 'accepted';
      } catch (err) {
        return (err as Error).message.split(' ')[0];
      }
    };
    expect(
      [
        { OTEL_TRACES_EXPORTER: 'jaeger' },
        { ...on, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
        { ...on, OTEL_TRACES_SAMPLER: 'sometimes' },
        { ...on, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' },
        { ...on, OTEL_BSP_SCHEDULE_DELAY: 'soon' },
      ].map(refused),
    ).toEqual([
      'OTEL_TRACES_EXPORTER',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_TRACES_SAMPLER',
      'OTEL_TRACES_SAMPLER_ARG',
      'OTEL_BSP_SCHEDULE_DELAY',
    ]);
    expect(refused({ ...on, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('accepted');
  });
});
