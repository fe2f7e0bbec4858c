import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Browser } from '@playwright/test';
import { signInThroughForm } from './support/accounts.ts';
import { createOwner } from './support/back-office.ts';
import { paymentFrame } from './support/payment.ts';
import { startShop, type RunningShop } from './support/shop-server.ts';
import { main, seedCart, visit } from './support/shop.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 14's shop settings (ADR 048): the owner renames the shop and changes its contact email
 * in /admin, and the shop shows them everywhere: titles (first load and after a navigation in
 * the browser), the header, a product's structured data, the contact page, the card form and the
 * emails. A name full of markup shows as text everywhere. A shop of its own per test, so no
 * other spec sees the new name.
 */

async function ownerPage(browser: Browser, shop: RunningShop, width: number) {
  const context = await browser.newContext({
    baseURL: shop.url,
    viewport: { width, height: 900 },
  });
  return context.newPage();
}

for (const width of [1280, 412]) {
  test(`the owner renames the shop and changes its email, and the shop shows them everywhere (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const shop = await startShop();
    try {
      const owner = await createOwner(shop);
      const page = await ownerPage(browser, shop, width);
      // A page whose HTML and first render disagree (React's hydration error) would show it here.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const name = `</script><b>Olive's Hats & Co ${width}`;
      const contactEmail = `hello-${width}@olives-hats.example`;

      await signInThroughForm(page, owner);
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { name: 'Shop settings' })).toBeVisible();
      const nameField = page.getByLabel('Shop name');
      await expect(nameField).toHaveValue('CRWN Clothing');
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

      // A wrong address is refused beside its field, by keyboard as by mouse.
      const emailField = page.getByLabel('Contact email');
      await emailField.fill('not an address');
      await nameField.fill(name);
      await page.getByRole('button', { name: 'Save settings' }).press('Enter');
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      await expect(emailField).toBeFocused();
      await expect(page.getByText('Enter a valid contact email address.')).toBeVisible();
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      await emailField.fill(contactEmail);
      // A wide logo, uploaded from the browser and encoded by the server (ADR 046, 048).
      const logo = await sharp({
        create: { width: 800, height: 200, channels: 3, background: { r: 30, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      await page
        .getByLabel('Logo picture')
        .setInputFiles({ name: 'olives-logo.png', mimeType: 'image/png', buffer: logo });
      await expect(page.getByText('olives-logo.png uploaded.')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

      // The home page, rendered by the server with the new name and logo; then a navigation in
      // the app.
      const logoFiles: string[] = [];
      page.on('response', (response) => {
        if (/\/images\/uploads\/[0-9a-f]{32}-320\.(avif|webp|jpg)$/.test(response.url()))
          logoFiles.push(`${response.status()} ${response.headers()['content-type']}`);
      });
      await visit(page, '/');
      await expect(page).toHaveTitle(`Hats, jackets, sneakers, womens and mens | ${name}`);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: `${name}, home`, exact: true })).toBeAttached();
      await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeAttached();
      // The logo in place of the crown: drawn, in the best format Chromium takes.
      const logoLink = header.getByRole('link', { name: `${name}, home`, exact: true });
      await expect(logoLink.locator('svg')).toBeHidden();
      await expect.poll(() => logoFiles).toEqual(['200 image/avif']);
      const box = await logoLink.evaluate((link) => {
        const before = getComputedStyle(link, '::before');
        return { width: before.width, height: before.height };
      });
      expect(box).toEqual(
        width >= 480 ? { width: '160px', height: '40px' } : { width: '96px', height: '24px' },
      );
      await visit(page, '/shop/hats');
      await expect(page).toHaveTitle(`Hats | ${name}`);
      await main(page).getByRole('link', { name: 'Brown Brim' }).first().click();
      await expect(page).toHaveURL(/\/shop\/hats\/1-brown-brim$/);
      await expect(page).toHaveTitle(`Brown Brim | ${name}`);

      // A product page's first HTML: its title and structured data name the shop.
      await visit(page, '/shop/hats/1-brown-brim');
      await expect(page).toHaveTitle(`Brown Brim | ${name}`);
      const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
      expect((JSON.parse(jsonLd ?? '{}') as { brand: { name: string } }).brand.name).toBe(name);

      // The contact page, its email and the name above the address.
      await visit(page, '/contact');
      await expect(page).toHaveTitle(`Contact | ${name}`);
      await expect(main(page).getByRole('link', { name: contactEmail })).toHaveAttribute(
        'href',
        `mailto:${contactEmail}`,
      );
      await expect(main(page).locator('address')).toContainText(name);

      // The card form names the shop.
      await seedCart(page, [['Brown Brim', 1, 'L']]);
      await visit(page, '/checkout');
      await expect(page).toHaveTitle(`Checkout | ${name}`);
      const payNow = page.getByRole('button', { name: 'Pay Now' });
      await expect(payNow).toHaveAttribute('aria-busy', 'false');
      await payNow.click();
      await expect(paymentFrame(page).getByRole('dialog', { name, exact: true })).toBeVisible();
      await expect(paymentFrame(page).locator('#crwn-pay-image')).toHaveAttribute(
        'src',
        /^data:image\/jpeg;base64,/,
      );

      // An email sent from now on carries the name and the contact email.
      const asked = await page.request.post('/api/account/password-reset', {
        data: { email: owner },
        headers: { origin: shop.url },
      });
      expect(asked.status()).toBeLessThan(300);
      await page.goto('/outbox');
      const email = page
        .getByRole('article')
        .filter({ hasText: `Choose a new password for ${name}` });
      await expect(email.first()).toBeVisible({ timeout: 20_000 });
      await expect(email.first()).toContainText(contactEmail);

      // No markup of the name ever ran or rendered as an element, and every page hydrated.
      expect(await page.locator('b', { hasText: "Olive's Hats" }).count()).toBe(0);
      expect(errors.filter((text) => /hydrat|#418|#419|#423/i.test(text))).toEqual([]);
    } finally {
      await shop.stop();
    }
  });
}
