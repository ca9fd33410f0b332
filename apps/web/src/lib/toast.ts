import type { ReactNode } from 'react';
import type * as Toastify from 'react-toastify';

type ToastModule = typeof Toastify;

let modulePromise: Promise<ToastModule> | null = null;
let containerMounted = false;
let containerReady: Promise<void> | null = null;
let resolveContainer: (() => void) | null = null;
const hostListeners = new Set<() => void>();

/**
 * react-toastify (which injects its own CSS) stays out of the first bundle: nothing downloads
 * until a toast is shown.
 */
export function loadToastModule(): Promise<ToastModule> {
  modulePromise ??= import('react-toastify');
  return modulePromise;
}

/**
 * The toast host subscribes here and mounts the container on the first request. A request made
 * before the host subscribed (a guard's toast in the very first render of a deep link: its effect
 * runs before the host's) is handed over at once, or that toast and every later one would wait
 * for a container nobody mounts.
 */
export function onToastRequested(listener: () => void): () => void {
  hostListeners.add(listener);
  if (containerReady && !containerMounted) listener();
  return () => hostListeners.delete(listener);
}

/** Called by the host once its container is on the page. */
export function markToastContainerReady(): void {
  containerMounted = true;
  resolveContainer?.();
}

/** Called when the container leaves the page (a remounted app, a test): the next toast waits for a new one. */
export function markToastContainerGone(): void {
  containerMounted = false;
  containerReady = null;
  resolveContainer = null;
}

function ensureContainer(): Promise<void> {
  if (containerMounted) return Promise.resolve();
  if (!containerReady) {
    containerReady = new Promise((resolve) => {
      resolveContainer = resolve;
    });
    hostListeners.forEach((listener) => listener());
  }
  return containerReady;
}

/** `message`: words, or words with a link (react-toastify renders any React node). */
export async function showToast(
  message: ReactNode,
  type: Toastify.TypeOptions = 'info',
): Promise<void> {
  const [module] = await Promise.all([loadToastModule(), ensureContainer()]);
  module.toast(message, { type });
}
