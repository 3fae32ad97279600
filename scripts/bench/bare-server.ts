import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/** One captured answer of the real server, replayed by the baseline. */
export interface CapturedRoute {
  method: 'GET' | 'POST';
  /** Without the query string: the baseline answers the same bytes whatever it is. */
  url: string;
  headers: Record<string, string>;
  bodyFile: string;
}

// The baseline: bare Fastify routes answering, for each measured call, the status, headers
// and body the real server answered, so each ratio shows what authentication, the database,
// validation and serialisation cost. JSON request bodies are parsed, as the real server does.
const routes = JSON.parse(
  readFileSync(process.env.BENCH_ROUTES_FILE ?? '', 'utf8'),
) as CapturedRoute[];
const app = Fastify({ logger: false });
for (const route of routes) {
  const body = readFileSync(route.bodyFile);
  app.route({
    method: route.method,
    url: route.url,
    handler: (_request, reply) => {
      void reply.headers(route.headers).send(body);
    },
  });
}
// The one-query floor (decision 070): a bare route reading one user by primary key from the
// same PostgreSQL, through a pool of the real server's size, answering it as JSON.
const floorDatabase = process.env.BENCH_FLOOR_DATABASE_URL;
if (floorDatabase) {
  const pool = new pg.Pool({ connectionString: floorDatabase, max: 20 });
  app.get<{ Params: { id: string } }>('/floor/:id', async (request) => {
    const { rows } = await pool.query<Record<string, unknown>>(
      'select id, email, first_name, last_name, country from users where id = $1',
      [request.params.id],
    );
    return { data: rows[0] ?? null };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
