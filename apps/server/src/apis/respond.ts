import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickFields } from '../tools/picker.js';
import { queryParam } from './request-caller.js';

/** Sends a JSON body through the `?fields=` picker. */
export function sendJson(
  req: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  status = 200,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify(pickFields(body, queryParam(req, 'fields'))));
}
