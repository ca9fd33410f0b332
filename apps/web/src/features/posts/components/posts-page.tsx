import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useDeletePost, useMyPosts } from '../api/my-posts';
import { groupByType, postText } from '../utils/post-card';
import { PostCard } from './post-card';
import './posts.css';

function PostsList({ sub }: { sub: string }) {
  const { t } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  const posts = useMyPosts(sub);
  const deletePost = useDeletePost(sub);
  const [toDelete, setToDelete] = useState<TViewerProperty | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // One clock for the whole list: every card judges whether its promotion still runs at the same moment.
  const [now] = useState(() => new Date());

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
                  <PostCard property={post} now={now} onDelete={setToDelete} />
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
    </>
  );
}

/**
 * The /posts page: 'Your Posts', 'Create Post' to /post, and the signed-in user's listings as cards
 * grouped by type, each with its status, a menu (Edit, View more, Delete) and, when it may be
 * promoted, Promote. The route's guard has made sure someone is signed in.
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
