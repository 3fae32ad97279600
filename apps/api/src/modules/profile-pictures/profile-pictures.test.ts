import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context';
import { multipartFile } from '#test/images';
import { premiumUser, userWithoutSubscription } from '#test/premium';
import { profilePictures } from '#db/schema/onboarding';
import { users } from '#db/schema/users';
import { profilePictureUrl } from './profile-pictures.service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

function upload(userId: string, headers: Record<string, string>, content: Buffer) {
  const body = multipartFile(content, 'picture');
  return ctx.app.inject({
    method: 'PUT',
    url: `/v0/users/${userId}/picture/`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .jpeg()
    .toBuffer();

/** A photo of about `bytes`, made of noise so that JPEG cannot shrink it much. */
async function noisyPhoto(bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 1.5));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('PUT /v0/users/{id}/picture/', () => {
  it('stores the picture at most 512 px a side and points the profile to it', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await upload(user.id, headers, await photo(1600, 1200));
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { profile_picture_url: string } }>();
    expect(data).toEqual({
      profile_picture_url: expect.stringMatching(
        /^\/media\/profile-pictures\/[0-9a-f-]{36}\.webp$/,
      ),
      width: 512,
      height: 384,
    });

    const me = await ctx.app.inject({ method: 'GET', url: `/v0/users/${user.id}/`, headers });
    expect(me.json()).toMatchObject({ data: { profile_picture_url: data.profile_picture_url } });

    // Served to an <img>, which sends no token.
    const image = await ctx.app.inject({ method: 'GET', url: data.profile_picture_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
  });

  it('accepts a phone photo above the 1 MiB JSON limit, and refuses one above 8 MiB with 413', async () => {
    const { user, headers } = await premiumUser(ctx);
    const big = await noisyPhoto(3 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(user.id, headers, big)).statusCode).toBe(200);

    const tooBig = Buffer.concat([big, Buffer.alloc(8 * 1024 * 1024)]);
    expect(tooBig.length).toBeGreaterThan(8 * 1024 * 1024);
    const refused = await upload(user.id, headers, tooBig);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ data: { error: 'image too large' } });
  });

  it('answers 200 to eight uploads at once and keeps one picture, the one the profile shows', async () => {
    const { user, headers } = await premiumUser(ctx);
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(100 + i, 100)));
    const answers = await Promise.all(photos.map((content) => upload(user.id, headers, content)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));

    const rows = await ctx.database.db
      .select({ id: profilePictures.id })
      .from(profilePictures)
      .where(eq(profilePictures.user_id, user.id));
    expect(rows).toHaveLength(1);
    const me = await ctx.app.inject({ method: 'GET', url: `/v0/users/${user.id}/`, headers });
    expect(me.json<{ data: { profile_picture_url: string } }>().data.profile_picture_url).toBe(
      profilePictureUrl(rows[0]?.id ?? ''),
    );
  });

  it('refuses what is not a picture with 400 and anything but multipart with 415', async () => {
    const { user, headers } = await premiumUser(ctx);
    const text = await upload(user.id, headers, Buffer.from('esto no es una foto'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      data: {
        error: 'invalid image',
        message: 'La imagen no es válida. Usa una foto JPG, PNG, WebP, GIF o AVIF',
      },
    });
    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${user.id}/picture/`,
      headers,
      payload: { picture: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('does not remove the picture when the removal comes with an upload', async () => {
    const { user, headers } = await premiumUser(ctx);
    expect((await upload(user.id, headers, await photo(600, 400))).statusCode).toBe(200);
    const body = multipartFile(await photo(10, 10), 'picture');
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/v0/users/${user.id}/picture/`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(removal.statusCode).toBe(415);
    const me = await ctx.app.inject({ method: 'GET', url: `/v0/users/${user.id}/`, headers });
    expect(me.json<{ data: { profile_picture_url: string } }>().data.profile_picture_url).not.toBe(
      '',
    );
  });

  it("answers 404 for another user's picture", async () => {
    const owner = await premiumUser(ctx);
    const other = await premiumUser(ctx);
    const res = await upload(owner.user.id, other.headers, await photo(100, 100));
    expect(res.statusCode).toBe(404);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/v0/users/${owner.user.id}/picture/`,
      headers: other.headers,
    });
    expect(removal.statusCode).toBe(404);
  });

  it('needs a session (401) and a subscription (402)', async () => {
    const { user, headers } = await userWithoutSubscription(ctx);
    expect((await upload(user.id, {}, await photo(10, 10))).statusCode).toBe(401);
    expect((await upload(user.id, headers, await photo(10, 10))).statusCode).toBe(402);
  });

  it('can be removed; the old address then answers 404', async () => {
    const { user, headers } = await premiumUser(ctx);
    const res = await upload(user.id, headers, await photo(200, 200));
    const { data } = res.json<{ data: { profile_picture_url: string } }>();
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/v0/users/${user.id}/picture/`,
      headers,
    });
    expect(removal.json()).toEqual({ status: 200, data: { profile_picture_url: '' } });
    const gone = await ctx.app.inject({ method: 'GET', url: data.profile_picture_url });
    expect(gone.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/media/profile-pictures/../../etc/passwd',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('profile_picture_url on PUT /v0/users/{id}/', () => {
  function update(userId: string, headers: Record<string, string>, url: string) {
    return ctx.app.inject({
      method: 'PUT',
      url: `/v0/users/${userId}/`,
      headers,
      payload: { profile_picture_url: url, first_name: 'Cambiado' },
    });
  }

  async function shown(userId: string) {
    const [row] = await ctx.database.db
      .select({ url: users.profile_picture_url, first_name: users.first_name })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  it('takes only the address of the person’s own upload, or empty', async () => {
    const me = await premiumUser(ctx);
    const other = await premiumUser(ctx);
    const mine = (await upload(me.user.id, me.headers, await photo(200, 200))).json<{
      data: { profile_picture_url: string };
    }>().data.profile_picture_url;
    const theirs = (await upload(other.user.id, other.headers, await photo(210, 200))).json<{
      data: { profile_picture_url: string };
    }>().data.profile_picture_url;
    const before = await shown(me.user.id);

    for (const url of [
      'javascript:alert(document.cookie)',
      'https://tracker.example/pixel.gif?u=1',
      '//tracker.example/p.webp',
      theirs,
      `${mine}?v=2`,
      `http://localhost:3000${mine}`,
      mine.toUpperCase(),
      `/media/profile-pictures/${randomUUID()}.webp`,
      'data:image/svg+xml,<svg onload=alert(1)>',
    ]) {
      const res = await update(me.user.id, me.headers, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        status: 400,
        data: {
          error: 'profile picture not uploaded',
          message:
            'La foto de perfil solo puede ser la que has subido a Forja; para cambiarla, sube otra o quítala',
        },
      });
      expect(await shown(me.user.id), url).toEqual(before);
    }

    expect((await update(me.user.id, me.headers, '')).statusCode).toBe(200);
    expect(await shown(me.user.id)).toEqual({ url: '', first_name: 'Cambiado' });
    const back = await update(me.user.id, me.headers, mine);
    expect(back.statusCode, back.body).toBe(200);
    expect((await shown(me.user.id))?.url).toBe(mine);
  });

  it('refuses any picture address from a person who has not uploaded one', async () => {
    const me = await premiumUser(ctx);
    const other = await premiumUser(ctx);
    const theirs = (await upload(other.user.id, other.headers, await photo(220, 200))).json<{
      data: { profile_picture_url: string };
    }>().data.profile_picture_url;
    const res = await update(me.user.id, me.headers, theirs);
    expect(res.statusCode).toBe(400);
    expect((await shown(me.user.id))?.url).toBe('');
    expect((await update(me.user.id, me.headers, '')).statusCode).toBe(200);
  });
});
