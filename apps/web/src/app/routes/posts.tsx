import { PostsPage } from '../../features/posts/components/posts-page';

export function PostsRoute() {
  return <PostsPage />;
}
