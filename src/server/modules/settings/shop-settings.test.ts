import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';
import { makeOwner } from '#server/modules/accounts/accounts-service.ts';
import { PAYMENT_HOST, UNLIMITED, framePath } from '#server/test/payments.ts';
import { sharedDatabase } from '#server/test/shared-database.ts';
import { signUp } from '#server/test/shoppers.ts';
import { buildTestApp, writeFakeBuild, type TestApp } from '#server/test/test-app.ts';
import { openMigratedTestDatabase } from '#server/test/test-database.ts';
import { createSettingsService } from './settings-service.ts';

/**
 * The shop's settings (issue 14, ADR 048): the owner's API, its checks and audit, and the name
 * and contact details in the pages of every server and in the emails. The server build stands
 * in for React Router's as in catalogue-pages.test.ts: it renders the default name where the
 * storefront does (title, description, the logo's label, the home page's heading) and the
 * contact page from the settings it is handed; the real pages are covered in the browser
 * (tests/e2e/shop-settings.spec.ts).
 */
const SERVER_BUILD = `
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
const page = (title, body, data) => new Response(
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>' + title + ' | CRWN Clothing</title>' +
  '<meta name="description" content="Shop at CRWN Clothing"/></head><body>' +
  '<header><a class="header__logo" href="/" aria-label="CRWN Clothing, home"></a></header>' + body +
  '<script>window.__data=' + JSON.stringify(data).replace(/</g, '\\\\u003c') + '</script></body></html>',
  { status: 200, headers: { 'content-type': 'text/html' } },
);
export const entry = { module: { catalogueRequestHandler: () => async (request, catalogue, shop) => {
  const path = new URL(request.url).pathname;
  if (path === '/contact.data') return new Response(JSON.stringify(shop), { headers: { 'content-type': 'text/x-script' } });
  if (path === '/contact') {
    return page('Contact', '<h1>Contact us</h1><p>' + escape(shop.contactText) + '</p><a href="mailto:' + escape(shop.email) + '">' + escape(shop.email) + '</a>' +
      shop.address.map((line) => '<span>' + escape(line) + '</span>').join(''), shop);
  }
  return page('Hats, jackets, sneakers, womens and mens', '<h1 class="visually-hidden">CRWN Clothing</h1>', (await catalogue.collections()).length);
} } };
`;

const FILES = {
  'checkout/index.html':
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Checkout | CRWN Clothing</title></head>' +
    '<body><a class="header__logo" href="/" aria-label="CRWN Clothing, home"></a><h1>Checkout</h1><script>1</script></body></html>',
  '404/index.html':
    '<!DOCTYPE html><html><head><title>Page not found | CRWN Clothing</title></head></html>',
};

const MINE: ShopSettings = {
  name: '</script><b>x & Co',
  email: 'shop@owner.example',
  phone: '+44 20 7946 0000',
  hours: '',
  address: ['1 High Street', 'Bath BA1 1AA', 'United Kingdom'],
  contactText: 'Write to us.\n\nWe answer <quickly>.',
  logo: '',
};

let database: Awaited<ReturnType<typeof sharedDatabase>>;
let first: TestApp;
let second: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

/** One of two servers on the same database, each with the stand-in build. */
async function server() {
  return buildTestApp({
    ...UNLIMITED,
    ...database.env,
    CLIENT_DIR: await writeFakeBuild(FILES, SERVER_BUILD),
  });
}

const put = (app: TestApp, cookie: string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    payload: payload as object,
  });

const html = async (app: TestApp, url: string) => (await app.inject({ url })).body;

beforeAll(async () => {
  database = await sharedDatabase();
  first = await server();
  second = await server();
  owner = await signUp(first, 'Owner');
  expect(await makeOwner(first.db, owner.email)).toBe('made');
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.remove();
});

describe('the settings service', () => {
  it('starts from the defaults, saves a change as a new version, and a same save as none', async () => {
    const db = await openMigratedTestDatabase();
    const settings = createSettingsService({ db: db.db });
    try {
      expect(await settings.current()).toEqual({ version: 0, settings: DEFAULT_SHOP_SETTINGS });
      const heard: number[] = [];
      settings.onChange((version) => heard.push(version));
      const saved = await settings.update(MINE);
      expect(saved).toEqual({
        before: DEFAULT_SHOP_SETTINGS,
        after: MINE,
        changed: true,
        version: 1,
      });
      expect(await settings.current()).toEqual({ version: 1, settings: MINE });
      expect((await settings.update({ ...MINE })).changed).toBe(false);
      const again = await settings.update({ ...MINE, phone: '' });
      expect(again.version).toBe(2);
      expect(await settings.settings()).toEqual({ ...MINE, phone: '' });
      expect(heard).toEqual([1, 2]);
    } finally {
      settings.close();
      await db.close();
    }
  });
});

describe('GET and PUT /api/admin/settings', () => {
  it('are the owner’s: staff and shoppers are refused', async () => {
    const shopper = await signUp(first, 'Shopper');
    expect((await first.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
    const asShopper = await first.inject({
      url: '/api/admin/settings',
      headers: { cookie: shopper.cookie },
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await put(first, shopper.cookie, MINE)).statusCode).toBe(403);
  });

  it('refuses bad settings with a 400 that says what is wrong, and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...MINE, name: '   ' }, /Give the shop a name/],
      [{ ...MINE, name: 'x'.repeat(61) }, /at most 60/],
      [{ ...MINE, name: 'Two\nlines' }, /one line/],
      [{ ...MINE, email: 'not an address' }, /valid contact email/],
      [{ ...MINE, phone: 'call me' }, /digits, spaces/],
      [{ ...MINE, address: [] }, /postal address/],
      [{ ...MINE, address: ['  ', ''] }, /postal address/],
      [{ ...MINE, address: Array.from({ length: 7 }, (_, i) => `Line ${i}`) }, /at most 6 lines/],
      [{ ...MINE, contactText: 'x'.repeat(2001) }, /at most 2000/],
      [{ ...MINE, contactText: 'bell\u0007' }, /control characters/],
      [{ ...MINE, logo: 'x' }, /./],
      [{ name: 'Only a name' }, /./],
      [[], /./],
      [null, /./],
    ];
    for (const [payload, message] of cases) {
      const answer = await put(first, owner.cookie, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(message);
    }
    const now = await first.inject({
      url: '/api/admin/settings',
      headers: { cookie: owner.cookie },
    });
    expect(now.json()).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it('saves the settings, trimmed, audits before and after, and every server shows them escaped', async () => {
    expect(await html(second, '/contact')).toContain('<title>Contact | CRWN Clothing</title>');
    expect(await html(second, '/checkout')).not.toContain('application-name');

    const saved = await put(first, owner.cookie, {
      ...MINE,
      name: `  ${MINE.name} `,
      address: [...MINE.address, ''],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(MINE);

    const audit = await first.inject({
      url: '/api/admin/audit',
      headers: { cookie: owner.cookie },
    });
    expect(audit.json<{ entries: unknown[] }>().entries[0]).toMatchObject({
      actor: { email: owner.email },
      action: 'settings.update',
      subject: 'settings:shop',
      before: DEFAULT_SHOP_SETTINGS,
      after: MINE,
    });
    // The back office names the shop so too.
    const me = await first.inject({ url: '/api/admin/me', headers: { cookie: owner.cookie } });
    expect(me.json<{ shopName: string }>().shopName).toBe(MINE.name);
    // Saving the same again records nothing.
    expect((await put(first, owner.cookie, MINE)).statusCode).toBe(200);
    const entries = (
      await first.inject({ url: '/api/admin/audit', headers: { cookie: owner.cookie } })
    ).json<{ entries: { action: string }[] }>().entries;
    expect(entries.filter((entry) => entry.action === 'settings.update')).toHaveLength(1);

    const name = '&lt;/script&gt;&lt;b&gt;x &amp; Co';
    // This server at once; the other within its second of trust in its copy (or at once on
    // PostgreSQL, by the database's notifications).
    for (const app of [first, second]) {
      await expect
        .poll(() => html(app, '/contact'), { timeout: 5000 })
        .toContain(`<title>Contact | ${name}</title>`);
      const contact = await html(app, '/contact');
      expect(contact).toContain(`<meta name="application-name" content="${name}"/>`);
      expect(contact).toContain(`aria-label="${name}, home"`);
      expect(contact).toContain(`content="Shop at ${name}"`);
      expect(contact).toContain('mailto:shop@owner.example');
      expect(contact).toContain('We answer &#60;quickly&#62;.');
      expect(contact).not.toContain('</script><b>');
      expect(contact).not.toContain('CRWN Clothing');
      const home = await html(app, '/');
      expect(home).toContain(`<h1 class="visually-hidden">${name}</h1>`);
      // The prerendered pages too, each with a policy of its own bytes.
      const checkout = await app.inject({ url: '/checkout', headers: { 'accept-encoding': 'br' } });
      expect(checkout.headers['content-encoding']).toBe('br');
      const plain = await app.inject({ url: '/checkout' });
      expect(plain.body).toContain(`<title>Checkout | ${name}</title>`);
      expect(plain.body).toContain(`aria-label="${name}, home"`);
      expect(plain.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);
      expect(plain.headers['content-security-policy']).not.toContain('unsafe-inline');
      const missing = await app.inject({ url: '/no-such-page' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain(`<title>Page not found | ${name}</title>`);
    }
  }, 30_000);

  it('puts the shop’s name and address in the emails it sends from then on, escaped', async () => {
    const shopper = await signUp(first, 'Mailed');
    const asked = await first.inject({
      method: 'POST',
      url: '/api/account/password-reset',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { email: shopper.email },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const resetMail = () =>
      first.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', shopper.email)
        .where('subject', 'like', 'Choose a new password%')
        .executeTakeFirst();
    await expect.poll(resetMail, { timeout: 5000 }).toBeTruthy();
    const mail = (await resetMail())!;
    expect(mail.subject).toBe(`Choose a new password for ${MINE.name}`);
    expect(mail.text).toContain(`${MINE.name} account`);
    expect(mail.text).toContain(['', MINE.name, ...MINE.address, MINE.email].join('\n'));
    expect(mail.html).toContain('&lt;/script&gt;&lt;b&gt;x &amp; Co');
    expect(mail.html).toContain('1 High Street');
    expect(mail.html).not.toContain('</script><b>');
  });
});

describe('the shop’s logo', () => {
  const upload = async (kind: string, width: number, height: number) => {
    const png = await sharp({
      create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
    })
      .png()
      .toBuffer();
    const answer = await first.inject({
      method: 'POST',
      url: `/api/admin/pictures?kind=${kind}`,
      headers: {
        cookie: owner.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'image/png',
      },
      payload: png,
    });
    expect(answer.statusCode).toBe(201);
    return answer.json<{ imageUrl: string }>().imageUrl;
  };

  it('is uploaded whole (not cropped) at the logo’s sizes, shows in every server’s header in place of the crown, and in the card form', async () => {
    const logo = await upload('logo', 600, 300);
    const id = logo.split('/').at(-1) ?? '';
    // A wide box, the picture contained on white: the red square is 2:1, so white at the ends.
    const file = await first.inject({ url: `${logo}-320.png`.replace('.png', '.jpg') });
    expect(file.statusCode).toBe(200);
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([320, 80]);
    const pixel = (x: number) => [...data.subarray((40 * 320 + x) * 3, (40 * 320 + x) * 3 + 3)];
    expect(pixel(5).every((channel) => channel > 240)).toBe(true);
    expect(pixel(160)[0]).toBeGreaterThan(150);

    // A saved settings without a logo keeps the crown; with one, every page links its sheet.
    expect((await put(first, owner.cookie, { ...MINE, logo })).statusCode).toBe(200);
    // Saving without the field keeps the logo.
    const withoutLogo: Partial<ShopSettings> = { ...MINE };
    delete withoutLogo.logo;
    expect((await put(first, owner.cookie, withoutLogo)).json()).toEqual({ ...MINE, logo });
    const sheet = `<link rel="stylesheet" href="/shop-logo/${id}.css"/>`;
    for (const app of [first, second]) {
      await expect.poll(() => html(app, '/contact'), { timeout: 5000 }).toContain(sheet);
      expect(await html(app, '/')).toContain(sheet);
      expect(await html(app, '/checkout')).toContain(sheet);
    }
    const css = await second.inject({ url: `/shop-logo/${id}.css` });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toContain('immutable');
    expect(css.body).toContain('.header__logo svg{display:none}');
    expect(css.body).toContain(`url("${logo}-320.avif") type("image/avif")`);
    expect((await second.inject({ url: '/shop-logo/nothing.css' })).statusCode).toBe(404);

    // The card form (on the provider's origin) carries the logo itself, as a JPEG.
    const frame = await first.inject({ url: framePath('en'), headers: { host: PAYMENT_HOST } });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toMatch(/<img id="crwn-pay-image" alt="" src="data:image\/jpeg;base64,/);

    // Back to the crown.
    expect((await put(first, owner.cookie, { ...MINE, logo: '' })).statusCode).toBe(200);
    await expect.poll(() => html(second, '/contact'), { timeout: 5000 }).not.toContain('shop-logo');
  }, 30_000);

  it('must be an uploaded logo: a product’s picture or an unknown one is refused', async () => {
    const item = await upload('item', 400, 500);
    for (const logo of [item, '/images/uploads/0123456789abcdef0123456789abcdef', '/favicon.svg']) {
      const answer = await put(first, owner.cookie, { ...MINE, logo });
      expect(answer.statusCode, logo).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(/uploaded/);
    }
  });
});
