// Node's own metrics (CPU, memory, event loop lag, GC, handles) belong to the process, not to an
// app instance: collected once per process into a registry of their own, which every app's
// /metrics answer adds to its figures. Collecting them per app would start a set of timers and
// observers for each app a test file builds.
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
