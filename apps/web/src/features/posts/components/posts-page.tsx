import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useConfirmPost, useDeletePost, useMarkTaken, useMyPosts } from '../api/my-posts';
import { groupByType, postText } from '../utils/post-card';
import { PostCard } from './post-card';
import { TakenDialog } from './taken-dialog';
import './posts.css';

// The dialog and its code step download when 'Verify this number' is first used.
const VerifyPhoneDialog = lazy(() => import('./verify-phone-dialog'));

/** Why confirming or marking a listing failed, in the reader's words. */
function useChangeFailureText() {
  const { t } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  return (error: unknown, action: 'confirm' | 'taken'): string => {
    if (!isApiError(error)) return tCommon('errors.generic');
    if (error.status === 403) return t('trust.forbidden');
    if (error.status === 409) return t(`${action}.conflict`);
    if (error.status === 400 && action === 'taken') return t('taken.dateRange');
    if (error.code === 'NETWORK') return tCommon('errors.NETWORK');
    if (error.code === 'TIMEOUT') return tCommon('errors.TIMEOUT');
    return t(`${action}.failed`);
  };
}

function PostsList({ sub }: { sub: string }) {
  const { t } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  const posts = useMyPosts(sub);
  const deletePost = useDeletePost(sub);
  const confirmPost = useConfirmPost(sub);
  const markTaken = useMarkTaken(sub);
  const failureText = useChangeFailureText();
  const [toDelete, setToDelete] = useState<TViewerProperty | null>(null);
  const [toMark, setToMark] = useState<TViewerProperty | null>(null);
  // The contact number being verified; once asked for, the dialog stays loaded.
  const [toVerify, setToVerify] = useState<string | null>(null);
  const [verifyRequested, setVerifyRequested] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // One clock for the whole list: every card judges whether its promotion still runs at the same moment.
  const [now] = useState(() => new Date());
  // The SMS reminder links to /posts?confirm={id}: that listing is brought into view and asked.
  const [searchParams, setSearchParams] = useSearchParams();
  const highlightId = searchParams.get('confirm');
  const highlightedConfirm = useRef<HTMLButtonElement>(null);
  const broughtIntoView = useRef(false);
  const listed = posts.isSuccess;

  useEffect(() => {
    const button = highlightedConfirm.current;
    if (!listed || !button || broughtIntoView.current) return;
    broughtIntoView.current = true;
    button.closest('article')?.scrollIntoView?.({ block: 'center' });
    button.focus({ preventScroll: true });
  }, [listed]);

  const confirm = (property: TViewerProperty) => {
    confirmPost.mutate(property.id, {
      onSuccess: () => {
        void showToast(t('confirm.done'), 'success');
        // Answered: the reminder's question is not asked again on this page.
        if (property.id === highlightId) {
          setSearchParams(
            (params) => {
              params.delete('confirm');
              return params;
            },
            { replace: true },
          );
        }
      },
      onError: (error) => void showToast(failureText(error, 'confirm'), 'error'),
    });
  };

  const confirmTaken = (property: TViewerProperty, takenAt: string | undefined) => {
    markTaken.mutate(
      { id: property.id, takenAt },
      {
        onSuccess: () => {
          setToMark(null);
          void showToast(t('taken.done'), 'success');
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    deletePost.mutate(id, {
      onSuccess: () => void showToast(t('delete.done'), 'success'),
      onError: (error) =>
        // Refused (an admin switched deleting off): trying again will not help, support will.
        void showToast(
          isApiError(error) && error.status === 403 ? t('delete.forbidden') : t('delete.failed'),
          'error',
        ),
    });
  };

  let body: ReactNode;
  if (posts.isPending) {
    body = (
      <p role="status" className="text-secondary">
        {t('loading')}
      </p>
    );
  } else if (posts.isError) {
    body = <ErrorNotice error={posts.error} onRetry={() => void posts.refetch()} />;
  } else {
    const groups = groupByType(posts.data.filter((post) => post.status !== 'archived'));
    body =
      groups.length === 0 ? (
        <div className="posts-empty">
          <p className="posts-empty__title">{t('empty')}</p>
          <p className="text-secondary">{t('emptyHint')}</p>
        </div>
      ) : (
        groups.map((group) => (
          <section
            key={group.type}
            aria-labelledby={`posts-${group.type}`}
            className="posts-group"
            data-testid={`posts-${group.type}`}
          >
            <h2 id={`posts-${group.type}`} className="posts-group__heading">
              {tCommon(`types.${group.type}`)}
            </h2>
            <ul className="posts-grid">
              {group.posts.map((post) => (
                <li key={post.id}>
                  <PostCard
                    property={post}
                    now={now}
                    onDelete={setToDelete}
                    highlighted={post.id === highlightId}
                    confirming={confirmPost.isPending && confirmPost.variables === post.id}
                    onConfirm={confirm}
                    onMarkTaken={(property) => {
                      markTaken.reset();
                      setToMark(property);
                    }}
                    onVerifyPhone={(property) => {
                      if (!property.ownerPhoneNumber) return;
                      setVerifyRequested(true);
                      setToVerify(property.ownerPhoneNumber);
                    }}
                    confirmRef={post.id === highlightId ? highlightedConfirm : undefined}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      );
  }

  return (
    <>
      <div className="posts-page__top">
        <h1 ref={heading} tabIndex={-1} id="posts-heading">
          {t('title')}
        </h1>
        <Link to="/post" className="btn btn--contained">
          {t('create')}
        </Link>
      </div>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('delete.title')}
        text={t('delete.text', {
          title: toDelete ? postText(toDelete.title) || t('card.noTitle') : '',
        })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        tone="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        // The post and its menu button are leaving the page.
        focusAfterConfirm={() => heading.current?.focus()}
      />
      <TakenDialog
        property={toMark}
        pending={markTaken.isPending}
        failure={markTaken.isError ? failureText(markTaken.error, 'taken') : null}
        onCancel={() => setToMark(null)}
        onConfirm={confirmTaken}
      />
      {verifyRequested ? (
        <Suspense fallback={null}>
          <VerifyPhoneDialog
            sub={sub}
            phoneNumber={toVerify}
            onCancel={() => setToVerify(null)}
            onVerified={() => {
              setToVerify(null);
              void showToast(t('verify.done'), 'success');
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The /posts page: 'Your Posts', 'Create Post' to /post, and the signed-in user's listings as cards
 * grouped by type, each with its status, a menu (Edit, View more, Delete) and, when it may be
 * promoted, Promote. An approved listing also says whether the public sees it, when it was last
 * confirmed and how many were shown its contact, with 'Still available' and 'Mark as taken'. The
 * route's guard has made sure someone is signed in.
 */
export function PostsPage() {
  const { t, ready } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  const session = useSession();

  return (
    <section className="posts-page" aria-labelledby="posts-heading">
      {ready ? <title>{t('title')}</title> : null}
      {ready && session ? (
        // A new user on a shared phone starts with their own page state.
        <PostsList key={session.sub} sub={session.sub} />
      ) : (
        <p role="status" className="text-secondary">
          {tCommon('loading')}
        </p>
      )}
    </section>
  );
}
