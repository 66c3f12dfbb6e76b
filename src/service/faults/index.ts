/** Fault injection of the local service: packet timeouts and error acks, relayer pauses, HTTP faults. */
export { FaultBook, DEFAULT_SLOW_MS, DEFAULT_RETRY_AFTER_SECONDS, HTTP_FAULT_SCOPE, type ChannelEnds, type FaultBookOptions, type FaultView, type HttpFaultAction, type PacketFaultKind } from './book';
export { createFaultInterceptor } from './interceptor';
export { FaultRequest, FAULT_KINDS, HTTP_FAULT_MODES, faultSchemaFor, type HttpFaultMode } from './schema';
