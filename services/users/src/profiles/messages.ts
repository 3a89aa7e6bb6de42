export const PROFILE_NOT_FOUND = "The user you're looking for doesn't exist or has been removed.";
export const PROFILE_PRIVATE = 'This profile is private';
export const OWN_PROFILE_ONLY = 'You can only change your own profile';
export const OWN_ACCOUNT_ONLY = 'You can only delete your own account';
export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';
