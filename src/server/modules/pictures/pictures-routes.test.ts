import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_FORMATS, imageHeight, imageVariantUrl, type ImageKind } from '#shared/images.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { declaredPng } from '#server/test/png.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { PICTURE_KINDS } from '#shared/picture-urls.ts';
import { createPictureService } from './pictures-service.ts';

// Issue 14: pictures uploaded in the back office, encoded by the server into the shop's widths
// and formats, and served to every server from the database (ADR 046).

let app: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  app = await buildTestApp({ ...UNLIMITED });
  owner = await signUp(app, 'Owner');
  expect(await makeOwner(app.db, owner.email)).toBe('made');
}, 60_000);

afterAll(() => app.close());

const upload = (
  body: Buffer | string,
  { kind = 'item', type = 'image/png', cookie = owner.cookie } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/pictures?kind=${kind}`,
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': type },
    payload: body,
  });

/** A picture of two colours: red above blue, or red left of blue (`sideways`). */
function twoColours(width: number, height: number, sideways = false) {
  const half = sideways ? { width: width / 2, height } : { width, height: height / 2 };
  const blue = { r: 20, g: 40, b: 220 };
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .composite([
      {
        input: { create: { ...half, channels: 3, background: blue } },
        left: sideways ? width / 2 : 0,
        top: sideways ? 0 : height / 2,
      },
    ])
    .png();
}

/** The colour of the pixel at (x, y). */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
}

/** Each file of an uploaded picture, fetched and checked for type, size and caching. */
async function expectEveryVariant(imageUrl: string, kind: ImageKind) {
  const files: Buffer[] = [];
  for (const width of kind.widths) {
    for (const format of IMAGE_FORMATS) {
      const answer = await app.inject({
        url: imageVariantUrl(imageUrl, width, format),
        headers: { 'accept-encoding': 'br, gzip' },
      });
      const label = `${width}.${format}`;
      expect(answer.statusCode, label).toBe(200);
      expect(answer.headers['content-type'], label).toBe(
        format === 'jpg' ? 'image/jpeg' : `image/${format}`,
      );
      expect(answer.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-encoding'], label).toBeUndefined();
      const metadata = await sharp(answer.rawPayload).metadata();
      expect(metadata.format, label).toBe(
        format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : format,
      );
      expect([metadata.width, metadata.height], label).toEqual([width, imageHeight(kind, width)]);
      // Nothing of the upload's metadata is kept.
      expect(metadata.exif, label).toBeUndefined();
      expect(metadata.orientation, label).toBeUndefined();
      files.push(answer.rawPayload);
    }
  }
  return files;
}

describe('a picture uploaded by staff', () => {
  it('is encoded at every width and format of its kind, served for good, and stored once', async () => {
    const png = await twoColours(900, 1000).toBuffer();
    const first = await upload(png);
    expect(first.statusCode).toBe(201);
    const { imageUrl } = first.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(/^\/images\/uploads\/[0-9a-f]{32}$/);
    await expectEveryVariant(imageUrl, PICTURE_KINDS.item);

    const etagged = await app.inject({ url: `${imageUrl}-320.webp` });
    const again = await app.inject({
      url: `${imageUrl}-320.webp`,
      headers: { 'if-none-match': etagged.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // The same bytes again: the same address and no second copy, nor a second audit entry.
    const second = await upload(png);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ imageUrl });
    const id = imageUrl.split('/').at(-1) ?? '';
    const rows = await app.db
      .selectFrom('uploaded_picture_variants')
      .select(({ fn }) => fn.countAll<number>().as('files'))
      .where('picture_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.files)).toBe(6);
    const audit = await app.inject({ url: '/api/admin/audit', headers: { cookie: owner.cookie } });
    const uploads = audit
      .json<{ entries: { action: string; subject: string; actor: { email: string } }[] }>()
      .entries.filter((entry) => entry.action === 'picture.upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ subject: `picture:${id}`, actor: { email: owner.email } });

    const head = await app.inject({ method: 'HEAD', url: `${imageUrl}-640.avif` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/avif');

    // As a home page tile it is another picture, at the tile's widths and aspect.
    const tile = await upload(png, { kind: 'section' });
    expect(tile.statusCode).toBe(201);
    const tileUrl = tile.json<{ imageUrl: string }>().imageUrl;
    expect(tileUrl).not.toBe(imageUrl);
    await expectEveryVariant(tileUrl, PICTURE_KINDS.section);

    // What the catalogue asks before it keeps an uploaded picture's address.
    const pictures = createPictureService({ db: app.db });
    expect(await pictures.isStored(imageUrl, 'item')).toBe(true);
    expect(await pictures.isStored(imageUrl, 'section')).toBe(false);
    expect(await pictures.isStored(tileUrl, 'section')).toBe(true);
    expect(
      await pictures.isStored('/images/uploads/0123456789abcdef0123456789abcdef', 'item'),
    ).toBe(false);
    expect(await pictures.isStored('/images/items/brown-brim', 'item')).toBe(false);
  }, 120_000);

  it('is turned upright by its EXIF orientation, and its location and camera are not kept', async () => {
    // Stored sideways, red left of blue, as a phone held upright saves it; shown upright (turned
    // 90° clockwise) red is above blue.
    const photo = await sharp(await twoColours(1600, 1200, true).toBuffer())
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'PhonemakerX', Model: 'Snap 9' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const answer = await upload(photo, { type: 'image/jpeg' });
    expect(answer.statusCode).toBe(201);
    const files = await expectEveryVariant(
      answer.json<{ imageUrl: string }>().imageUrl,
      PICTURE_KINDS.item,
    );
    for (const file of files) {
      expect(file.includes('PhonemakerX')).toBe(false);
      expect(file.includes('GPS')).toBe(false);
    }
    const jpeg = files[2] ?? Buffer.alloc(0);
    const top = await pixel(jpeg, 160, 20);
    const bottom = await pixel(jpeg, 160, 380);
    expect(top.r).toBeGreaterThan(150);
    expect(top.b).toBeLessThan(100);
    expect(bottom.b).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(100);
  }, 120_000);
});

describe('a 16-bit PNG with a transparent background', () => {
  it('is shown on white, its colours kept', async () => {
    const png = await sharp({
      create: { width: 400, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: {
            create: {
              width: 200,
              height: 500,
              channels: 4,
              background: { r: 30, g: 160, b: 60, alpha: 1 },
            },
          },
          left: 200,
          top: 0,
        },
      ])
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    const answer = await upload(png);
    expect(answer.statusCode).toBe(201);
    const jpeg = await app.inject({
      url: `${answer.json<{ imageUrl: string }>().imageUrl}-320.jpg`,
    });
    const left = await pixel(jpeg.rawPayload, 20, 200);
    const right = await pixel(jpeg.rawPayload, 300, 200);
    expect(Math.min(left.r, left.g, left.b)).toBeGreaterThan(240);
    expect(right.g).toBeGreaterThan(130);
    expect(right.r).toBeLessThan(70);
  }, 60_000);
});

describe('the same picture uploaded twice at once', () => {
  it('is stored once, and both uploads get its address', async () => {
    const png = await twoColours(600, 700).toBuffer();
    const answers = await Promise.all([upload(png), upload(png)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((answer) => answer.json<{ imageUrl: string }>().imageUrl);
    expect(second).toBe(first);
    const id = first?.split('/').at(-1) ?? '';
    const pictures = await app.db
      .selectFrom('uploaded_pictures')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(pictures).toHaveLength(1);
  }, 60_000);
});

describe('an upload that is not a picture the shop can use', () => {
  it('is refused with 400 and a message, whatever it claims to be', async () => {
    const text = await upload('name,price\nhat,25\n', { type: 'image/png' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      error: 'Bad Request',
      code: 'NOT_A_PICTURE',
      message:
        'This file is not a picture the shop can use. Upload a JPEG, PNG, WebP or AVIF picture.',
    });
    const plain = await upload('hello', { type: 'text/plain' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 'NOT_A_PICTURE' });
    const json = await upload('{"a":1}', { type: 'application/json' });
    expect(json.statusCode).toBe(400);
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', {
      type: 'image/png',
    });
    expect(svg.json()).toMatchObject({ code: 'NOT_A_PICTURE' });
    const unlabelled = await app.inject({
      method: 'POST',
      url: '/api/admin/pictures?kind=item',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      payload: await twoColours(10, 10).toBuffer(),
    });
    expect(unlabelled.statusCode).toBe(400);
    expect(unlabelled.json()).toMatchObject({ code: 'NOT_A_PICTURE' });
    const empty = await upload('', { type: 'image/jpeg' });
    expect(empty.statusCode).toBe(400);
    const noKind = await app.inject({
      method: 'POST',
      url: '/api/admin/pictures',
      headers: {
        cookie: owner.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'image/png',
      },
      payload: await twoColours(10, 10).toBuffer(),
    });
    expect(noKind.json()).toMatchObject({
      message: 'Say what the picture is for: kind=item, kind=section or kind=logo.',
    });
  }, 60_000);

  it('refuses a JPEG cut short as damaged', async () => {
    const jpeg = await sharp(await twoColours(800, 1000).toBuffer())
      .jpeg()
      .toBuffer();
    const answer = await upload(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), {
      type: 'image/jpeg',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toContain('damaged or cut short');
  }, 60_000);

  it('refuses a small file of 20,000 × 20,000 pixels without decoding it', async () => {
    // 50 MB of pixels in a 50 kB file.
    const bomb = declaredPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const answer = await upload(bomb);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toContain('too many pixels');
  }, 60_000);

  it('refuses more than 10 MB with 413, and the anonymous and shoppers before reading it', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const answer = await upload(big, { type: 'image/jpeg' });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({
      error: 'Payload Too Large',
      code: 'TOO_LARGE',
      message: 'A picture can be at most 10 MB. Make it smaller and upload it again.',
    });
    expect((await upload(big, { cookie: '' })).statusCode).toBe(401);
    const shopper = await signUp(app, 'Shopper');
    expect((await upload(big, { cookie: shopper.cookie })).statusCode).toBe(403);
    // Other routes keep their small limit.
    const staffBody = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
      payload: { email: 'a@example.com', role: 'staff', pad: 'x'.repeat(20_000) },
    });
    expect(staffBody.statusCode).toBe(413);
  }, 60_000);
});

describe('the uploaded pictures’ addresses', () => {
  it('answer 404 for a picture, width or format that does not exist, never the shop’s page', async () => {
    for (const url of [
      '/images/uploads/0123456789abcdef0123456789abcdef-320.webp',
      '/images/uploads/nothing.jpg',
      '/images/uploads/0123456789ABCDEF0123456789ABCDEF-320.webp',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toContain('application/json');
    }
    const png = await twoColours(400, 500).toBuffer();
    const { imageUrl } = (await upload(png)).json<{ imageUrl: string }>();
    expect((await app.inject({ url: `${imageUrl}-321.webp` })).statusCode).toBe(404);
    expect((await app.inject({ url: `${imageUrl}-320.png` })).statusCode).toBe(404);
    // The drawn pictures are still the build's files.
    expect((await app.inject({ url: '/images/items/brown-brim-320.jpg' })).statusCode).toBe(200);
  }, 60_000);
});
