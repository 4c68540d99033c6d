/**
 * A custom endpoint's request body, read (JSON, or a form whose file parts are dropped unread: no
 * custom endpoint takes files) and checked with the endpoint's schema from the contract. Binders
 * read bodies through this and nothing else; record writes go through the records API's own
 * field validation instead.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseBody } from '../core/parse-body.js';
import { readBody } from './body.js';

/** @throws {ApiError} 400 naming each field at fault (core/parse-body.ts). */
export async function readValidBody<S extends z.ZodTypeAny>(
  req: FastifyRequest,
  schema: S,
): Promise<z.output<S>> {
  const { body } = await readBody(req, { fileLimit: () => 0 });
  return parseBody(schema, body);
}
