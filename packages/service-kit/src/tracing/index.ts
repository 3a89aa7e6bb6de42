export {
  continueTrace,
  formatTraceparent,
  parseTraceparent,
  TRACEPARENT_HEADER,
  type TraceContext,
} from './trace-context';
export { currentTrace, inTrace } from './scope';
