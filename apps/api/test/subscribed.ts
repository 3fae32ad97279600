import type { InjectOptions } from 'fastify';
import { auth, createUser, signIn } from './accounts';
import type { TestContext } from './context';
import { subscribe } from './premium';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A signed-in trainee (with an active subscription unless told otherwise), their headers and
 * a call() that sends their token, JSON in and out.
 */
export async function signedInUser(ctx: TestContext, options: { subscribed?: boolean } = {}) {
  const user = await createUser(ctx);
  if (options.subscribed ?? true) await subscribe(ctx, user.id);
  const { access_token } = await signIn(ctx, user.id);
  const call = async <T = unknown>(method: Method, url: string, payload?: object) => {
    const options: InjectOptions = { method, url, headers: auth(access_token) };
    if (payload) options.payload = payload;
    const res = await ctx.app.inject(options);
    return {
      status: res.statusCode,
      body: res.json<{ status: number; data: T }>(),
      data: res.json<{ data: T }>().data,
    };
  };
  return { user, token: access_token, headers: auth(access_token), call };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;
