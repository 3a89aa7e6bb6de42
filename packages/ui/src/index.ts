// @devcircle/ui: DevCircle's shared interface, one copy for the shell and every remote (a federation singleton).
// Styles are CSS Modules on the design tokens. The tokens and the reset (src/styles, exported as
// `@devcircle/ui/styles/tokens.css` and `…/reset.css`) are global CSS: the page's host imports them once (the shell,
// or a remote's standalone dev page); nothing in this package imports global CSS.

export { AppLink, type AppLinkProps } from './navigation/AppLink';
export { BackLink, type BackLinkProps } from './navigation/BackLink';
export { IconLink, type IconLinkProps } from './navigation/IconLink';

export { Button, buttonClassName } from './components/Button';
export type { ButtonProps, ButtonSize, ButtonStyleOptions, ButtonVariant } from './components/Button';
export { IconButton } from './components/IconButton';
export type { IconButtonProps } from './components/IconButton';

export { TextField } from './components/TextField';
export type { TextFieldProps } from './components/TextField';
export { TextArea } from './components/TextArea';
export type { TextAreaProps } from './components/TextArea';
export { SelectField } from './components/SelectField';
export type { SelectFieldProps } from './components/SelectField';
export { PasswordField } from './components/PasswordField';
export type { PasswordFieldProps } from './components/PasswordField';
export { FieldError } from './components/FieldError';
export type { FieldErrorProps } from './components/FieldError';

export { Dialog } from './components/Dialog';
export type { DialogProps } from './components/Dialog';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';

export {
  Avatar,
  avatarColor,
  avatarColorIndex,
  avatarInitial,
  AVATAR_COLOR_COUNT,
} from './components/Avatar';
export type { AvatarProps, AvatarSize } from './components/Avatar';
export { Spinner } from './components/Spinner';
export type { SpinnerProps } from './components/Spinner';
export { Skeleton } from './components/Skeleton';
export type { SkeletonProps } from './components/Skeleton';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export { Alert } from './components/Alert';
export type { AlertProps, AlertTone } from './components/Alert';

export { Page } from './components/Page';
export type { PageProps } from './components/Page';
export { Card, cardClassName } from './components/Card';
export type { CardPadding, CardProps, CardStyleOptions } from './components/Card';
export { UserLine } from './components/UserLine';
export type { UserLineProps, UserLineUser } from './components/UserLine';
export { SkillChips } from './components/SkillChips';
export type { SkillChipsProps } from './components/SkillChips';

export { useDialogKeyboard, focusableIn, FOCUSABLE_SELECTOR } from './hooks/useDialogKeyboard';
export { useBodyScrollLock } from './hooks/useBodyScrollLock';
export { useCopyToClipboard } from './hooks/useCopyToClipboard';
export { useMediaQuery } from './hooks/useMediaQuery';

export { formatDate, formatRelativeTime, formatJoinedDate } from './format/time';
export { cx } from './components/cx';
export { VisuallyHidden } from './components/VisuallyHidden';
