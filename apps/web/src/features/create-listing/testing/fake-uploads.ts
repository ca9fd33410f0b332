import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { PhotoToSend, SendEvents } from '../api/photo-uploads';
import type { WriteAnswer } from '../api/listings';

/*
 * api/photo-uploads.ts as the wizard tests drive it: each sendPhoto call is recorded and goes as
 * far as the test says (a URL, progress, every byte, the attach's answer or a failure). The tus
 * client itself is tested in api/photo-uploads.dom.test.ts.
 */

/** Lets the wizard's handlers of an answer (a chain of promises and a draft write) run. */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class FakeSend {
  static all: FakeSend[] = [];

  readonly photo: PhotoToSend;
  readonly events: SendEvents;
  readonly signal: AbortSignal;
  private settle: { resolve: (answer: WriteAnswer) => void; reject: (error: unknown) => void };

  constructor(photo: PhotoToSend, events: SendEvents, signal: AbortSignal) {
    this.photo = photo;
    this.events = events;
    this.signal = signal;
    this.settle = { resolve: () => {}, reject: () => {} };
    FakeSend.all.push(this);
  }

  get label(): string {
    return this.photo.label;
  }

  start(): Promise<WriteAnswer> {
    return new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
      this.signal.addEventListener('abort', () =>
        reject(new DOMException('The upload was aborted', 'AbortError')),
      );
    });
  }

  async created(url: string) {
    await act(async () => {
      await this.events.onUploadUrl(url);
    });
  }

  progress(sent: number, total = this.photo.file.size) {
    act(() => this.events.onProgress(sent, total));
  }

  /** Every byte sent, then the attach answers `answer`. */
  async finish(answer: WriteAnswer) {
    await act(async () => {
      await this.events.onSent();
      this.settle.resolve(answer);
      await settled();
    });
  }

  async fail(error: unknown) {
    await act(async () => {
      this.settle.reject(error);
      await settled();
    });
  }
}

export const sendPhoto = vi.fn((photo: PhotoToSend, events: SendEvents, signal: AbortSignal) =>
  new FakeSend(photo, events, signal).start(),
);

export function resetFakeSends() {
  FakeSend.all = [];
  sendPhoto.mockClear();
}
