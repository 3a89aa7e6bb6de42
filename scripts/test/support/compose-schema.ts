/**
 * The part of the Compose Specification (compose-spec.io, services/volumes/secrets/networks top-level elements)
 * that deploy/compose/compose.yaml uses, as a strict JSON Schema: field names and types as the specification
 * defines them, and nothing else allowed, so a misspelt or misplaced key fails. Written here rather than vendored
 * because no npm package ships the specification's schema; a field the compose file starts using is added here
 * with the specification's name and type.
 */
const stringList = { type: 'array', items: { type: 'string' } } as const;
const stringOrList = { oneOf: [{ type: 'string' }, stringList] } as const;
const duration = { type: 'string', pattern: '^(\\d+(\\.\\d+)?(us|ms|s|m|h))+$' } as const;

const service = {
  type: 'object',
  additionalProperties: false,
  patternProperties: { '^x-': {} },
  properties: {
    image: { type: 'string' },
    build: {
      type: 'object',
      additionalProperties: false,
      properties: { context: { type: 'string' }, dockerfile: { type: 'string' }, target: { type: 'string' } },
      required: ['context'],
    },
    restart: { enum: ['no', 'always', 'on-failure', 'unless-stopped'] },
    init: { type: 'boolean' },
    read_only: { type: 'boolean' },
    tmpfs: stringOrList,
    security_opt: stringList,
    cap_drop: stringList,
    entrypoint: stringOrList,
    command: stringOrList,
    environment: {
      type: 'object',
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
    },
    ports: stringList,
    volumes: stringList,
    secrets: stringList,
    networks: {
      type: 'object',
      additionalProperties: {
        oneOf: [
          { type: 'null' },
          { type: 'object', additionalProperties: false, properties: { aliases: stringList } },
        ],
      },
    },
    depends_on: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          condition: { enum: ['service_started', 'service_healthy', 'service_completed_successfully'] },
          restart: { type: 'boolean' },
          required: { type: 'boolean' },
        },
        required: ['condition'],
      },
    },
    healthcheck: {
      type: 'object',
      additionalProperties: false,
      properties: {
        test: stringOrList,
        interval: duration,
        timeout: duration,
        retries: { type: 'integer', minimum: 0 },
        start_period: duration,
        disable: { type: 'boolean' },
      },
    },
    deploy: {
      type: 'object',
      additionalProperties: false,
      properties: { replicas: { type: 'integer', minimum: 0 } },
    },
  },
} as const;

export const COMPOSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  patternProperties: { '^x-': {} },
  required: ['services'],
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' },
    services: {
      type: 'object',
      propertyNames: { pattern: '^[a-zA-Z0-9._-]+$' },
      additionalProperties: service,
    },
    volumes: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'null' }, { type: 'object' }] },
    },
    secrets: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { file: { type: 'string' }, environment: { type: 'string' } },
      },
    },
    networks: { type: 'object' },
  },
} as const;
