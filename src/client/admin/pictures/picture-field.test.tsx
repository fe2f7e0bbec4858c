import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeRequest } from '#client/admin/test/fake-request.ts';
import { PictureField } from './picture-field.tsx';

beforeEach(() => {
  FakeRequest.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const UPLOADED = '/images/uploads/0123456789abcdef0123456789abcdef';

/** The field in a form that keeps its value, as the product screen does. */
function Form({ initial = '', onChange }: { initial?: string; onChange: (url: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PictureField
      label="Product picture"
      kind="item"
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

const png = (name = 'hat.png', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('PictureField', () => {
  it('uploads the chosen file at once, tells how far it got, then shows the new picture', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    expect(screen.getByText('No picture yet.')).toBeInTheDocument();
    const input = screen.getByLabelText('Product picture');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');

    const file = png();
    await user.upload(input, file);
    const [request] = FakeRequest.made;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/admin/pictures?kind=item');
    expect(request?.headers['content-type']).toBe('image/png');
    expect(request?.body).toBe(file);

    expect(screen.getByRole('status')).toHaveTextContent('Uploading hat.png…');
    request?.progress(820, 2048);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '40',
    );
    expect(screen.getByText('40%')).toBeInTheDocument();
    request?.progress(2048, 2048);
    expect(screen.getByRole('status')).toHaveTextContent('Making the shop’s sizes of hat.png…');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await request?.answer(201, { imageUrl: UPLOADED });
    expect(onChange).toHaveBeenCalledWith(UPLOADED);
    expect(screen.getByRole('status')).toHaveTextContent('hat.png uploaded.');
    const preview = screen.getByRole('img', { name: 'Product picture: the current picture' });
    expect(preview).toHaveAttribute('src', `${UPLOADED}-320.jpg`);
    expect(document.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      `${UPLOADED}-320.webp 320w, ${UPLOADED}-640.webp 640w`,
    );
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows the server’s refusal in an alert and keeps the picture it had', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Form initial="/images/items/brown-brim" onChange={onChange} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/images/items/brown-brim-320.jpg');
    await user.upload(screen.getByLabelText('Product picture'), png('broken.png'));
    await FakeRequest.made[0]?.answer(400, {
      code: 'NOT_A_PICTURE',
      message: 'This picture could not be read: the file may be damaged or cut short.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('damaged or cut short');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img')).toHaveAttribute('src', '/images/items/brown-brim-320.jpg');
    // Emptied, so that the same file chosen again is a change, and is sent again.
    expect(screen.getByLabelText('Product picture')).toHaveValue('');
  });

  it('refuses a file that is not a picture, or too large, without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Form onChange={vi.fn()} />);
    const input = screen.getByLabelText('Product picture');
    await user.upload(input, new File(['a,b'], 'prices.csv', { type: 'text/csv' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'prices.csv is not a picture the shop can use. Choose a JPEG, PNG, WebP or AVIF picture.',
    );
    await user.upload(input, png('huge.png', 10 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('huge.png is larger than 10 MB.');
    expect(FakeRequest.made).toHaveLength(0);
  });

  it('says so when the shop cannot be reached, and is reached by the keyboard', async () => {
    const user = userEvent.setup();
    render(<Form onChange={vi.fn()} />);
    await user.tab();
    expect(screen.getByLabelText('Product picture')).toHaveFocus();
    await user.upload(screen.getByLabelText('Product picture'), png());
    await act(async () => {
      FakeRequest.made[0]?.dispatchEvent(new Event('error'));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The shop could not be reached.');
  });
});
