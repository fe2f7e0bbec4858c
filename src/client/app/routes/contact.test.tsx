import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CatalogueReader } from '#shared/catalogue-model.ts';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '#shared/shop-settings.ts';
import { catalogueLoadContext } from '#client/app/catalogue-context.ts';
import ContactRoute, { loader } from './contact.tsx';

const OWN: ShopSettings = {
  name: 'Hat Hut',
  email: 'hello@hathut.example',
  phone: '',
  hours: '',
  address: ['1 High Street', 'Bath'],
  contactText: 'Ask us anything.\n\nWe are <b>friendly</b>.',
  logo: '',
};

/** The contact page with what its loader gives for `settings`. */
async function renderContact(settings?: ShopSettings) {
  const data = loader({
    context: catalogueLoadContext({} as CatalogueReader, settings),
  } as unknown as Parameters<typeof loader>[0]);
  const Stub = createRoutesStub([
    { path: '/contact', Component: ContactRoute, loader: () => data },
  ]);
  render(<Stub initialEntries={['/contact']} />);
  await screen.findByRole('heading', { name: 'Contact us' });
}

describe('the contact page (ADR 048)', () => {
  it('shows the shop as it always was by default', async () => {
    await renderContact();
    expect(screen.getByRole('link', { name: DEFAULT_SHOP_SETTINGS.email })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SHOP_SETTINGS.email}`,
    );
    expect(screen.getByRole('link', { name: '+1 (555) 010-2040' })).toHaveAttribute(
      'href',
      'tel:+15550102040',
    );
    expect(screen.getByText('Monday to Friday, 9:00 to 17:00')).toBeInTheDocument();
    expect(screen.getByText('CRWN Clothing')).toBeInTheDocument();
    expect(screen.getByText('100 Market Street')).toBeInTheDocument();
  });

  it('shows the owner’s words, name and address as text, and leaves out what is empty', async () => {
    await renderContact(OWN);
    expect(screen.getByText('Ask us anything.')).toBeInTheDocument();
    expect(screen.getByText('We are <b>friendly</b>.')).toBeInTheDocument();
    expect(screen.getByText('Hat Hut')).toBeInTheDocument();
    expect(screen.getByText('Bath')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@hathut.example' })).toBeInTheDocument();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('Hours')).not.toBeInTheDocument();
  });
});
