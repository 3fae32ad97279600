import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers of 1 KB or more travel compressed (Brotli, else gzip) to clients that accept it:
 * a trainer's Hoy queue for 200 trainees is 27 KB of JSON and a phone on a slow network
 * waits for every byte before drawing the screen. Brotli at quality 4 compresses about as
 * well as gzip's default at a fraction of quality 11's time, which matters on every call.
 *
 * What it leaves alone: the built web app's files, which the build compresses beforehand
 * (they carry their own Content-Encoding); the event stream, which writes to the socket
 * itself; images, which are compressed already. Tokens travel in a header and never in a
 * cookie, so a page of another site cannot make a browser send authenticated calls whose
 * compressed size would leak a secret (BREACH).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Bodies sent to the API are read as they come: a compressed one is not JSON (400), so
    // the 1 MiB limit stays a limit on what the server holds, not on what it inflates.
    globalDecompression: false,
  });
}
