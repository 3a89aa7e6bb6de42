export { ByteLimit, declaredLength, hasBody, payloadTooLarge, readCapped } from './body';
export {
  createProxy,
  rejectUpgrade,
  REVOKED_HEADER,
  type Exchange,
  type ForwardOptions,
  type Proxy,
} from './proxy';
