import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { TestClock } from '#test/clock';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { photo, pngClaiming } from '#test/images';
import { insertUser } from '#test/users';
import { IMAGE_MAX_UPLOAD_BYTES } from '#images/resize';
import {
  deleteProfilePicture,
  findProfilePicture,
  saveProfilePicture,
} from './profile-pictures.service';

let database: TestDatabase;
let clock: TestClock;
const deps = () => ({ db: database.db, clock });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  clock = new TestClock();
});

function idOf(url: string): string {
  const match = /^\/media\/profile-pictures\/([0-9a-f-]{36})\.webp$/.exec(url);
  if (!match?.[1]) throw new Error(`not a picture address: ${url}`);
  return match[1];
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('profile pictures', () => {
  it('are shrunk to at most 512 px a side, stored as WebP and linked from the profile', async () => {
    const user = await insertUser(database.db);
    const upload = await photo(2000, 1000).jpeg().toBuffer();
    const stored = await saveProfilePicture(deps(), user.id, upload);
    expect(stored).toMatchObject({ width: 512, height: 256 });

    const [row] = await database.db
      .select({ url: users.profile_picture_url })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.url).toBe(stored.url);

    const picture = await findProfilePicture(deps(), idOf(stored.url));
    expect(picture?.content_type).toBe('image/webp');
    const meta = await sharp(picture?.content).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
  });

  it('keeps small pictures at their size', async () => {
    const user = await insertUser(database.db);
    const stored = await saveProfilePicture(deps(), user.id, await photo(120, 90).png().toBuffer());
    expect(stored).toMatchObject({ width: 120, height: 90 });
  });

  it('turns photos upright and drops what the camera wrote about them', async () => {
    const user = await insertUser(database.db);
    // Stored landscape, marked "rotate 90°" the way phones do; with a GPS position.
    const upload = await photo(600, 300)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } },
      })
      .toBuffer();
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const stored = await saveProfilePicture(deps(), user.id, upload);
    expect(stored).toMatchObject({ width: 256, height: 512 });
    const picture = await findProfilePicture(deps(), idOf(stored.url));
    const meta = await sharp(picture?.content).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('get a new address on every upload, and the old picture is gone', async () => {
    const user = await insertUser(database.db);
    const first = await saveProfilePicture(deps(), user.id, await photo(300, 300).png().toBuffer());
    const second = await saveProfilePicture(
      deps(),
      user.id,
      await photo(400, 400).png().toBuffer(),
    );
    expect(second.url).not.toBe(first.url);
    expect(await findProfilePicture(deps(), idOf(first.url))).toBeNull();
    expect(await findProfilePicture(deps(), idOf(second.url))).not.toBeNull();
  });

  it('refuse what is not a photo: text, SVG, an empty file', async () => {
    const user = await insertUser(database.db);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const upload of [Buffer.from('hola, no soy una foto'), svg, Buffer.alloc(0)]) {
      expect(await rejection(saveProfilePicture(deps(), user.id, upload))).toMatchObject({
        status: 400,
        key: 'invalidImage',
      });
    }
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.profile_picture_url).toBe('');
  });

  it('refuse files over 8 MiB and images whose pixels would not fit in memory', async () => {
    const user = await insertUser(database.db);
    const huge = Buffer.alloc(IMAGE_MAX_UPLOAD_BYTES + 1);
    expect((await rejection(saveProfilePicture(deps(), user.id, huge))).key).toBe('imageTooLarge');
    // 20 000 × 20 000 = 400 megapixels claimed by a file of a few bytes
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    expect((await rejection(saveProfilePicture(deps(), user.id, bomb))).key).toBe('invalidImage');
  });

  it('can be removed, which empties the profile address', async () => {
    const user = await insertUser(database.db);
    const stored = await saveProfilePicture(deps(), user.id, await photo(50, 50).png().toBuffer());
    await deleteProfilePicture(deps(), user.id);
    expect(await findProfilePicture(deps(), idOf(stored.url))).toBeNull();
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.profile_picture_url).toBe('');
  });

  it('go with the account when it is deleted', async () => {
    const user = await insertUser(database.db);
    const stored = await saveProfilePicture(deps(), user.id, await photo(50, 50).png().toBuffer());
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await findProfilePicture(deps(), idOf(stored.url))).toBeNull();
  });
});
