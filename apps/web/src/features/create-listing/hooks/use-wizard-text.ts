import { formatWholeNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { PHOTO_MAX_BYTES } from '@makazi/contracts/listing-values';
import type { TFieldProblem } from '../utils/detail-fields';
import type { TFailureKind } from '../utils/failure';
import type { TSlotProblem } from '../utils/photo-slots';

/** Puts the wizard's problems and failures into the reader's language. */
export function useWizardText() {
  const { t } = useTranslation('publish');

  function fieldProblem(problem: TFieldProblem | undefined | null): string | null {
    if (!problem) return null;
    switch (problem.kind) {
      case 'required':
        return t('validation.required');
      case 'length':
        return t('validation.length', { min: problem.min, max: problem.max });
      case 'tooLong':
        return t('validation.tooLong', { max: problem.max });
      case 'phone':
        return t('validation.phone');
      case 'wholeNumber':
        return t('validation.wholeNumber');
      case 'number':
        return t('validation.number');
      case 'min':
        return t('validation.min', { min: formatWholeNumber(problem.min) });
      case 'max':
        return t('validation.max', { max: formatWholeNumber(problem.max) });
      case 'positive':
        return t('validation.positive');
      case 'server':
        return t('validation.server');
    }
  }

  function failure(kind: TFailureKind): string {
    switch (kind) {
      case 'network':
        return t('errors.NETWORK', { ns: 'common' });
      case 'timeout':
        return t('errors.TIMEOUT', { ns: 'common' });
      case 'signedOut':
        return t('session.ended', { ns: 'common' });
      case 'forbiddenPost':
        return t('failure.forbiddenPost');
      case 'forbiddenEdit':
        return t('failure.forbiddenEdit');
      case 'notFound':
        return t('failure.notFound');
      case 'validation':
        return t('failure.validation');
      case 'tooLarge':
        return t('failure.tooLarge');
      case 'unsupported':
        return t('failure.unsupported');
      case 'rateLimited':
        return t('failure.rateLimited');
      case 'generic':
        return t('errors.generic', { ns: 'common' });
    }
  }

  function slotProblem(problem: TSlotProblem | undefined | null): string | null {
    if (!problem) return null;
    if (problem === 'tooLarge') {
      return t('photos.problems.tooLarge', { max: PHOTO_MAX_BYTES / (1024 * 1024) });
    }
    return t(`photos.problems.${problem}`);
  }

  return { fieldProblem, failure, slotProblem };
}
