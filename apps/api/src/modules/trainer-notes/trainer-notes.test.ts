import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_NOTES_PER_TRAINEE } from '@forja/shared/constants';
import { API_ERRORS } from '@forja/shared/errors';
import type { Note } from '@forja/shared/schemas/trainer-notes';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { linkedPair, linkToTrainer, NO_AREAS, signedInTrainer } from '#test/trainers';
import { trainerNotes } from '#db/schema/trainer-workspace';
import { unlinkTrainee } from '#db/trainer-links';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

afterAll(async () => {
  await ctx.close();
});

const notesUrl = (traineeId: string) => `/v0/trainers/trainees/${traineeId}/notes/`;
const noteUrl = (traineeId: string, noteId: string) => `${notesUrl(traineeId)}${noteId}/`;

/** A trainee linked to a new trainer, sharing nothing: notes need no area. */
const pair = () => linkedPair(ctx, { areas: NO_AREAS });

const stored = (traineeId: string) =>
  ctx.database.db.select().from(trainerNotes).where(eq(trainerNotes.trainee_id, traineeId));

describe("a trainer's private notes about a trainee", () => {
  it('writes, lists newest first, rewrites and deletes, with no area shared', async () => {
    const { trainer, trainee } = await pair();
    const url = notesUrl(trainee.user.id);
    const first = await call<Note>(ctx, trainer.headers, 'POST', url, {
      body: '  Rodilla izquierda  ',
    });
    expect(first.status, first.body).toBe(201);
    expect(first.data).toMatchObject({ body: 'Rodilla izquierda' });
    ctx.clock.advance(60_000);
    const second = await call<Note>(ctx, trainer.headers, 'POST', url, {
      body: 'Prefiere entrenar por la mañana',
    });
    expect(second.status).toBe(201);

    const list = await call<Note[]>(ctx, trainer.headers, 'GET', url);
    expect(list.data.map((note) => note.body)).toEqual([
      'Prefiere entrenar por la mañana',
      'Rodilla izquierda',
    ]);

    ctx.clock.advance(60_000);
    const edited = await call<Note>(
      ctx,
      trainer.headers,
      'PATCH',
      noteUrl(trainee.user.id, first.data.id),
      {
        body: 'Rodilla izquierda: sin saltos',
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      body: 'Rodilla izquierda: sin saltos',
      created_at: '2026-03-02T09:00:00.000Z',
      updated_at: '2026-03-02T09:02:00.000Z',
    });

    const removed = await call(
      ctx,
      trainer.headers,
      'DELETE',
      noteUrl(trainee.user.id, second.data.id),
    );
    expect(removed.status).toBe(204);
    const again = await call<{ message: string }>(
      ctx,
      trainer.headers,
      'DELETE',
      noteUrl(trainee.user.id, second.data.id),
    );
    expect(again.status).toBe(404);
    expect(again.data.message).toBe(API_ERRORS.noteNotFound.message);
    expect((await stored(trainee.user.id)).map((row) => row.body)).toEqual([
      'Rodilla izquierda: sin saltos',
    ]);
  });

  it('is read by that trainer alone: another trainer, the trainee and no one linked get a 404', async () => {
    const { trainer, trainee } = await pair();
    const other = await signedInTrainer(ctx);
    const note = await call<Note>(ctx, trainer.headers, 'POST', notesUrl(trainee.user.id), {
      body: 'Privada',
    });
    expect(note.status).toBe(201);
    for (const [method, url, payload] of [
      ['GET', notesUrl(trainee.user.id), undefined],
      ['POST', notesUrl(trainee.user.id), { body: 'Intruso' }],
      ['PATCH', noteUrl(trainee.user.id, note.data.id), { body: 'Intruso' }],
      ['DELETE', noteUrl(trainee.user.id, note.data.id), undefined],
    ] as const) {
      expect((await call(ctx, other.headers, method, url, payload)).status, `${method} other`).toBe(
        404,
      );
      const self = await trainee.call(method === 'PATCH' ? 'PUT' : method, url, payload);
      expect(self.status, `${method} trainee`).toBe(404);
    }
    const selfPatch = await ctx.app.inject({
      method: 'PATCH',
      url: noteUrl(trainee.user.id, note.data.id),
      headers: { authorization: `Token ${trainee.token}` },
      payload: { body: 'Intruso' },
    });
    expect(selfPatch.statusCode).toBe(404);
    expect((await call(ctx, trainer.headers, 'GET', notesUrl(crypto.randomUUID()))).status).toBe(
      404,
    );
    expect(
      (await call(ctx, trainer.headers, 'PATCH', noteUrl(trainee.user.id, 'x'), { body: 'a' }))
        .status,
    ).toBe(404);
    expect((await stored(trainee.user.id)).map((row) => row.body)).toEqual(['Privada']);
  });

  it('answers bad input with a Spanish 400 and changes nothing', async () => {
    const { trainer, trainee } = await pair();
    const url = notesUrl(trainee.user.id);
    const cases: [object, string][] = [
      [{ body: '   ' }, 'La nota no puede estar vacía'],
      [{ body: 'a'.repeat(4001) }, 'La nota no puede superar 4000 caracteres'],
      [{ body: 12 }, 'La nota debe ser un texto válido'],
      [{ body: 'Hola', extra: true }, 'Llave desconocida'],
    ];
    for (const [payload, message] of cases) {
      const res = await call<{ message: string }>(ctx, trainer.headers, 'POST', url, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.data.message).toContain(message);
    }
    const ok = await call<Note>(ctx, trainer.headers, 'POST', url, { body: 'a'.repeat(4000) });
    expect(ok.status).toBe(201);
    const bad = await call(ctx, trainer.headers, 'PATCH', noteUrl(trainee.user.id, ok.data.id), {
      body: '',
    });
    expect(bad.status).toBe(400);
    expect((await stored(trainee.user.id)).map((row) => row.body.length)).toEqual([4000]);
  });

  it(`holds at most ${MAX_NOTES_PER_TRAINEE} per pair: the next is a 409 in Spanish`, async () => {
    const { trainer, trainee } = await pair();
    const now = ctx.clock.now();
    await ctx.database.db.insert(trainerNotes).values(
      Array.from({ length: MAX_NOTES_PER_TRAINEE - 2 }, (_, i) => ({
        trainer_id: trainer.user.id,
        trainee_id: trainee.user.id,
        body: `Nota ${String(i)}`,
        created_at: now,
        updated_at: now,
      })),
    );
    // The last two places taken at once: both fit, and a third at the same time does not.
    const three = await Promise.all(
      [1, 2, 3].map((i) =>
        call<{ message: string }>(ctx, trainer.headers, 'POST', notesUrl(trainee.user.id), {
          body: `Última ${String(i)}`,
        }),
      ),
    );
    expect(three.map((res) => res.status).sort()).toEqual([201, 201, 409]);
    const full = three.find((res) => res.status === 409);
    expect(full?.data.message).toBe(API_ERRORS.notesFull.message);
    expect(await stored(trainee.user.id)).toHaveLength(MAX_NOTES_PER_TRAINEE);
    const list = await call<Note[]>(ctx, trainer.headers, 'GET', notesUrl(trainee.user.id));
    expect(list.data).toHaveLength(MAX_NOTES_PER_TRAINEE);
  });

  it('are deleted when the link ends, and the next trainer starts with none', async () => {
    const { trainer, trainee } = await pair();
    expect(
      (await call(ctx, trainer.headers, 'POST', notesUrl(trainee.user.id), { body: 'Lesión' }))
        .status,
    ).toBe(201);
    await ctx.database.db.transaction((tx) => unlinkTrainee(tx, trainee.user.id, ctx.clock.now()));
    expect(await stored(trainee.user.id)).toEqual([]);
    expect((await call(ctx, trainer.headers, 'GET', notesUrl(trainee.user.id))).status).toBe(404);

    // Linked again to the same trainer: nothing comes back.
    await linkToTrainer(ctx, trainee.user.id, trainer.user.id, NO_AREAS);
    const list = await call<Note[]>(ctx, trainer.headers, 'GET', notesUrl(trainee.user.id));
    expect(list.data).toEqual([]);
  });

  it('are in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/openapi.json' });
    const paths = res.json<{ paths: Record<string, Record<string, { summary?: string }>> }>().paths;
    expect(Object.keys(paths['/v0/trainers/trainees/{id}/notes/'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v0/trainers/trainees/{id}/notes/{note_id}/'] ?? {})).toEqual([
      'patch',
      'delete',
    ]);
  });
});
