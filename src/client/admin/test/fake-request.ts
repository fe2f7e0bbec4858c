import { act } from '@testing-library/react';

/** XMLHttpRequest as the browser's, answered by the test: what was sent, then progress and load. */
export class FakeRequest extends EventTarget {
  static made: FakeRequest[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  responseText = '';

  constructor() {
    super();
    FakeRequest.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  /** The browser has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
      );
    });
  }
  /** The server answered. */
  async answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => {
      this.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
  }
}
