import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { UNLIMITED } from '#server/test/payments.ts';
import { declaredPng } from '#server/test/png.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, type TestApp } from '#server/test/test-app.ts';
import { report } from './random.ts';

/**
 * Tiny files that declare huge pictures (issue 33). Before the fix a 95-byte PNG of 16,000 × 8
 * pixels was accepted after 73 s and 1.6 GB (the crop to the product frame first scaled it up
 * two hundredfold), and one of 65,535 × 8 held the server for about five minutes at 6.9 GB. Each
 * is now refused from its header with a 400 that says why, and the next upload goes through.
 */
let app: TestApp;
let staffCookie: string;

beforeAll(async () => {
  app = await buildTestApp({ ...UNLIMITED });
  const owner = await signUp(app, 'Owner');
  expect(await makeOwner(app.db, owner.email)).toBe('made');
  staffCookie = owner.cookie;
}, 60_000);

afterAll(() => app.close());

const upload = (body: Buffer, kind = 'item') =>
  app.inject({
    method: 'POST',
    url: `/api/admin/pictures?kind=${kind}`,
    headers: { cookie: staffCookie, 'sec-fetch-site': 'same-origin', 'content-type': 'image/png' },
    payload: body,
  });

describe('a picture that declares far more than it holds', () => {
  const cases = [
    { width: 16_000, height: 8, kind: 'item', says: 'at most 12,000 pixels on a side' },
    { width: 65_535, height: 8, kind: 'section', says: 'at most 12,000 pixels on a side' },
    { width: 11_000, height: 8, kind: 'item', says: 'too long and thin' },
    { width: 8, height: 11_000, kind: 'section', says: 'too long and thin' },
    { width: 12_000, height: 12_000, kind: 'item', says: 'too many pixels' },
  ];
  for (const { width, height, kind, says } of cases) {
    it(`is refused from its header: ${width} × ${height} as ${kind === 'item' ? 'a product' : 'a tile'} picture`, async () => {
      const file = declaredPng(width, height);
      const answer = await upload(file, kind);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'NOT_A_PICTURE' });
      expect(answer.json<{ message: string }>().message).toContain(says);
      report('picture bombs', { width, height, kind, fileBytes: file.length, status: 400 });
    }, 60_000);
  }

  it('leaves the next upload, and a shopper’s page asked meanwhile, to go through', async () => {
    const [refused, page] = await Promise.all([
      upload(declaredPng(16_000, 8)),
      app.inject({ url: '/api/catalogue/collections' }),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(page.statusCode).toBeLessThan(500);
    const photo = await sharp({
      create: { width: 800, height: 1000, channels: 3, background: { r: 30, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    expect((await upload(photo)).statusCode).toBe(201);
  }, 120_000);
});
