import { act } from '@testing-library/react';
import { vi } from 'vitest';

/*
 * XMLHttpRequest as the photo upload uses it, driven by the test: it records the request and
 * answers when told to (progress, an answer, a network failure).
 */
type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onprogress: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
  }

  /** The files and categories sent, in order. */
  get files(): File[] {
    return (this.body?.getAll('files') ?? []).filter(
      (entry): entry is File => entry instanceof File,
    );
  }

  get categories(): string[] {
    return (this.body?.getAll('category') ?? []).map(String);
  }

  progress(loaded: number, total: number) {
    act(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    });
  }

  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
      this.onload?.({} as ProgressEvent);
    });
  }

  failNetwork() {
    act(() => {
      this.onerror?.({} as ProgressEvent);
    });
  }
}

export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
