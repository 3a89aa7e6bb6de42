export { startHealthChecks } from './health-checker';
export { createPools, UpstreamPool, type Instance, type InstanceState, type Pools } from './pool';
