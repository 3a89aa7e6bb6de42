import { toProfileEdit, withSkill } from '../src/features/edit-profile/profileForm';
import { appendPage, nextPage, removePost, type PostList } from '../src/features/profile-posts/pagination';
import type { ProfilePost } from '../src/features/users/types';
import { profileCompletion } from '../src/features/welcome-prompt/completion';

const post = (id: number): ProfilePost => ({
  _id: `p${id}`,
  author: { _id: 'u1', username: 'ada', displayName: 'Ada' },
  content: `Post ${id}`,
  createdAt: '2026-11-21T12:00:00.000Z',
  likes: 0,
  likedByMe: false,
  bookmarkedByMe: false,
  comments: [],
  commentsCount: 0,
  hasMoreComments: false,
});
const posts = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => post(from - index));

test('profile completion: 25% base plus 25% for each of bio, skills and link', () => {
  expect(profileCompletion({})).toBe(25);
  expect(profileCompletion({ bio: '  ', skills: [], githubLink: '' })).toBe(25);
  expect(profileCompletion({ bio: 'Hi' })).toBe(50);
  expect(profileCompletion({ bio: 'Hi', skills: ['Go'] })).toBe(75);
  expect(profileCompletion({ bio: 'Hi', skills: ['Go'], githubLink: 'https://github.com/a' })).toBe(100);
});

test('a skill is added trimmed, only when non-empty and not listed yet (any case)', () => {
  expect(withSkill([], '  Go  ')).toEqual(['Go']);
  expect(withSkill(['Go'], '   ')).toEqual(['Go']);
  expect(withSkill(['Go'], 'GO')).toEqual(['Go']);
  expect(withSkill(['Go'], 'Rust')).toEqual(['Go', 'Rust']);
});

test('the payload trims name, bio and link; a blank link is sent empty, which removes it', () => {
  const values = { displayName: ' Ada ', bio: ' Hi \n', skills: ['Go'], githubLink: '   ' };
  expect(toProfileEdit(values)).toEqual({ displayName: 'Ada', bio: 'Hi', skills: ['Go'], githubLink: '' });
  expect(toProfileEdit({ ...values, githubLink: ' https://github.com/ada ' }).githubLink).toBe(
    'https://github.com/ada',
  );
});

test('deleting recalculates total, pages and hasMore; the next page is the one holding the first unseen post', () => {
  const list: PostList = {
    posts: posts(17, 10),
    pagination: { current: 1, pages: 3, total: 17, hasMore: true },
  };
  expect(nextPage(list)).toBe(2);
  const after = removePost(list, 'p17');
  expect(after.pagination).toEqual({ current: 1, pages: 2, total: 16, hasMore: true });
  expect(after.posts).toHaveLength(7);
  // Post 9 moved onto page 1: ask for page 1 again and keep only what is new.
  expect(nextPage(after)).toBe(1);
  const appended = appendPage(after, {
    posts: posts(16, 9),
    pagination: { current: 1, pages: 2, total: 16, hasMore: true },
  });
  expect(appended.posts.map((item) => item.content)).toEqual(posts(16, 9).map((item) => item.content));
  expect(nextPage(appended)).toBe(2);

  const last: PostList = { posts: [post(1)], pagination: { current: 1, pages: 1, total: 1, hasMore: false } };
  expect(removePost(last, 'p1').pagination).toEqual({ current: 1, pages: 0, total: 0, hasMore: false });
  expect(removePost(last, 'unknown')).toBe(last);
});
