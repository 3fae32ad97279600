import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The baseline: a bare Fastify route answering the same bytes as GET /v0/users/, so the
// ratio shows what authentication, the database and serialisation cost.
const body = readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/v0/users/', (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
