// One log line per answered request, for the answers an operator reads (ADR 080): every answer of
// 400 or more, every answer slower than SLOW_REQUEST_MS, every request that errored while its answer
// was sent, and a sample of the rest (REQUEST_LOG_SAMPLE_RATE). Fastify's own request logging wrote
// two lines for every request, which cost more CPU than a cached answer. The line has the request id
// (the x-request-id of the answer), the method and the censored URL (log-redaction.ts), the status
// and the time taken. Fastify's other log lines (its 404 and error handlers') are ours already
// (plugins/errors.ts) and keep their default.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer slower than this is always logged: what an operator looks for when pages are slow. */
export const SLOW_REQUEST_MS = 1_000;

/** Whether the answer is logged: `random` is Math.random, replaceable in a test. */
export function logsAnswer(statusCode: number, elapsedMs: number, sampleRate: number, random: () => number = Math.random): boolean {
  return statusCode >= 400 || elapsedMs >= SLOW_REQUEST_MS || random() < sampleRate;
}

/** Fastify's `logController` option: the request lines above, for `sampleRate`. */
export function sampledRequestLog(sampleRate: number): LogController {
  return new (class SampledRequestLog extends LogController {
    override incomingRequest(): void {
      // The answer's line says everything this one did.
    }

    override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
      const responseTime = reply.elapsedTime;
      const line = { req: request, res: { statusCode: reply.statusCode }, responseTime };
      if (error) request.log.error({ ...line, err: error }, 'request errored');
      else if (logsAnswer(reply.statusCode, responseTime, sampleRate)) request.log.info(line, 'request completed');
    }
  })();
}
