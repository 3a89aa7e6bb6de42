/** In-app paths of the profile screens and their neighbours. */
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;
export const followersPath = (username: string) => `${profilePath(username)}/followers`;
export const followingPath = (username: string) => `${profilePath(username)}/following`;
export const messagesPath = (username: string) => `/messages/${encodeURIComponent(username)}`;
export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`;
export const EDIT_PROFILE_PATH = '/edit-profile';
export const CREATE_POST_PATH = '/create-post';
export const EXPLORE_PATH = '/explore';
