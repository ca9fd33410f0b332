import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TWizardStep } from '../utils/draft-store';
import type { TFailureKind } from '../utils/failure';

export interface TWizardFailure {
  step: TWizardStep;
  kind: TFailureKind;
}

/**
 * What the wizard's steps share: the step shown, the one call running at a time (the form is
 * disabled meanwhile) and the failure of the last call.
 */
export function useWizardFlow(
  initialStep: TWizardStep,
  form: RefObject<HTMLFormElement | null>,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const [step, setStep] = useState<TWizardStep>(initialStep);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<TWizardFailure | null>(null);
  const busy = useRef(false);
  const firstRender = useRef(true);
  const focusAfterCall = useRef<string | null>(null);
  const wrote = useRef(false);

  // A new step is announced and keyboard users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step, heading]);

  // Fields are disabled while a call runs: a field a failed call points at is focused once the
  // form is enabled again.
  useEffect(() => {
    if (pending || !focusAfterCall.current) return;
    form.current?.querySelector<HTMLElement>(`[name="${focusAfterCall.current}"]`)?.focus();
    focusAfterCall.current = null;
  }, [pending, form]);

  function focusField(name: string) {
    if (busy.current) focusAfterCall.current = name;
    else form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }

  function goTo(next: TWizardStep) {
    setFailure(null);
    setStep(next);
  }

  async function run(task: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(null);
    try {
      await task();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  function fail(failedStep: TWizardStep, kind: TFailureKind) {
    setFailure({ step: failedStep, kind });
  }

  /** A step's call changed the listing on the server (the closing message depends on it). */
  function noteWrite() {
    wrote.current = true;
  }

  const hasWritten = () => wrote.current;

  return { step, pending, failure, focusField, goTo, run, fail, noteWrite, hasWritten };
}

export type WizardFlow = ReturnType<typeof useWizardFlow>;
