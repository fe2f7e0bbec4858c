import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Picture } from '#client/components/ui/picture.tsx';
import { PICTURE_KINDS, type PictureKind } from '#shared/picture-urls.ts';
import { MAX_PICTURE_BYTES, PICTURE_TYPES, uploadPicture } from '#client/admin/api.ts';

type Upload =
  | { step: 'idle' }
  | { step: 'sending'; name: string; percent: number }
  | { step: 'encoding'; name: string }
  | { step: 'done'; name: string }
  | { step: 'failed'; message: string };

const NOT_A_PICTURE = 'Choose a JPEG, PNG, WebP or AVIF picture.';

/**
 * A picture of a product (`item`) or a home page tile (`section`): choosing a file uploads it at
 * once; the server encodes it into the shop's sizes and formats and `onChange` hears its base
 * URL (`/images/uploads/…`), which is what the catalogue keeps. Shows how far the upload got,
 * the current picture (`value`, built or uploaded) and any error, in live regions.
 */
export function PictureField({
  label,
  kind,
  value,
  onChange,
}: {
  label: string;
  kind: PictureKind;
  value: string;
  onChange: (imageUrl: string) => void;
}) {
  const id = useId();
  const [upload, setUpload] = useState<Upload>({ step: 'idle' });
  const running = useRef<AbortController | null>(null);
  // An upload still under way when the form goes away is dropped.
  useEffect(() => () => running.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const input = event.currentTarget;
    if (!file) return;
    running.current?.abort();
    // Emptied after a failure, so that choosing the same file again tries again.
    const failed = (message: string) => {
      input.value = '';
      setUpload({ step: 'failed', message });
    };
    const { name } = file;
    if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
      failed(`${name} is not a picture the shop can use. ${NOT_A_PICTURE}`);
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      failed(
        `${name} is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB. Make it smaller and choose it again.`,
      );
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setUpload({ step: 'sending', name, percent: 0 });
    const result = await uploadPicture(file, kind, {
      signal: controller.signal,
      onProgress: (sent) =>
        setUpload(
          sent < 1
            ? { step: 'sending', name, percent: Math.floor(sent * 100) }
            : { step: 'encoding', name },
        ),
    }).catch(() => null);
    // Replaced by another file, or the form closed.
    if (result === null) return;
    running.current = null;
    if (!result.ok) {
      failed(result.error.message);
      return;
    }
    setUpload({ step: 'done', name });
    onChange(result.data.imageUrl);
  };

  return (
    <div className="picture-field">
      <label>
        {label}
        <input
          type="file"
          accept={PICTURE_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void choose(event)}
        />
      </label>
      <p id={`${id}-hint`} className="muted">
        JPEG, PNG, WebP or AVIF, up to {MAX_PICTURE_BYTES / 1024 / 1024} MB: uploaded as soon as it
        is chosen, and cropped to {kind === 'item' ? 'a 4:5 portrait' : 'a 3:2 landscape'} around
        what stands out.
      </p>
      {/* Each step is said once; the share sent is shown beside it, not read out at every step. */}
      <div role="status">
        {upload.step === 'sending' && <p>Uploading {upload.name}…</p>}
        {upload.step === 'encoding' && <p>Making the shop’s sizes of {upload.name}…</p>}
        {upload.step === 'done' && <p className="success">{upload.name} uploaded.</p>}
      </div>
      {upload.step === 'sending' && (
        <p>
          <progress max={100} value={upload.percent} aria-label="Upload progress" />{' '}
          {upload.percent}%
        </p>
      )}
      <div role="alert">
        {upload.step === 'failed' && <p className="error">{upload.message}</p>}
      </div>
      {value ? (
        <Picture
          kind={PICTURE_KINDS[kind]}
          baseUrl={value}
          alt={`${label}: the current picture`}
          sizes="12rem"
          className="picture-field__preview"
        />
      ) : (
        <p className="muted">No picture yet.</p>
      )}
    </div>
  );
}
