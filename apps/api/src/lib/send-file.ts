// A file the API draws (a receipt PDF, a ZIP, a donor register), answered as a download that no
// cache keeps.
import type { FastifyReply } from 'fastify';

export function sendFile(reply: FastifyReply, bytes: Buffer, type: string, fileName: string) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
