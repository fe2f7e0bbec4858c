import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#client/test/render-with-providers.tsx';
import { ReceiptLink } from './receipt-link.tsx';

const URL = 'http://localhost:3000/checkout/confirmation?order=ord_x&receipt=r';

describe('ReceiptLink', () => {
  it('copies the link and says so', async () => {
    const { user } = renderWithProviders(<ReceiptLink url={URL} />);
    expect(screen.getByRole('region', { name: 'Keep this link' })).toHaveTextContent(
      'The shop could not queue a confirmation email',
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(
      within(screen.getByRole('region', { name: 'Keep this link' })).getByRole('status'),
    ).toHaveTextContent('Link copied.');
    expect(await navigator.clipboard.readText()).toBe(URL);
  });

  it('says the confirmation email has the link when it was queued', () => {
    renderWithProviders(<ReceiptLink url={URL} emailed />);
    const region = screen.getByRole('region', { name: 'Keep this link' });
    expect(region).toHaveTextContent('The confirmation email has this link too');
    expect(region).not.toHaveTextContent('could not queue');
  });

  it('selects the link for the shopper to copy when the browser refuses', async () => {
    const { user } = renderWithProviders(<ReceiptLink url={URL} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(
      within(screen.getByRole('region', { name: 'Keep this link' })).getByRole('status'),
    ).toHaveTextContent('press Ctrl+C');
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Link to your order' });
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL.length]);
  });
});
