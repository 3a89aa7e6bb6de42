import {
  loadBaseConfig,
  serviceHost,
  servicePort,
  tracingSettings,
  type ServiceName,
} from '@devcircle/service-kit';
import { loadConfig as loadGatewayConfig } from '../../../api-gateway/src/config';
import { metricsSettings as gatewayMetricsSettings } from '../../../api-gateway/src/metrics';
import { parseArgs as parseDatabaseArgs } from '../../../packages/embedded-mongo/src/cli';
import { loadAuthSettings } from '../../../services/auth/src/config';
import { loadNotificationsSettings } from '../../../services/notifications/src/config';
import { realtimeMode } from '../../../services/notifications/src/realtime/adapter';
import { loadUsersSettings } from '../../../services/users/src/config';
import type { ProcessPart } from '../../deploy/parts';

/**
 * The environment variables a part reads, found by running the part's own settings loaders on an environment
 * that records every name asked for: nothing here restates a part's settings, so a renamed or removed setting
 * shows up as one a manifest sets and nobody reads.
 */
export function settingsRead(part: ProcessPart['name']): Set<string> {
  const read = new Set<string>();
  // Production mode with strong secrets, so no loader falls back to generating secrets on disk.
  const values: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    JWT_SECRET: 'j'.repeat(48),
    INTERNAL_SECRET: 'i'.repeat(48),
  };
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  if (part === 'database') {
    parseDatabaseArgs([], env);
    return read;
  }
  loadBaseConfig(env);
  // With an endpoint given, so that every OTEL_* setting it honours is read (unset, it stops at the first few).
  values.OTEL_EXPORTER_OTLP_ENDPOINT = 'http://collector:4318';
  tracingSettings(part, env);
  if (part === 'gateway') {
    loadGatewayConfig(env);
    gatewayMetricsSettings(env);
    return read;
  }
  servicePort(part as ServiceName, env);
  serviceHost(env);
  if (part === 'auth') loadAuthSettings(env);
  if (part === 'users') loadUsersSettings(env);
  if (part === 'notifications') {
    realtimeMode(env);
    loadNotificationsSettings(env);
  }
  return read;
}
