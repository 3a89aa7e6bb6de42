import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import {
  Alert,
  Button,
  buttonClassName,
  EmptyState,
  FieldError,
  IconButton,
  PasswordField,
  SelectField,
  Skeleton,
  Spinner,
  TextArea,
  TextField,
} from '../src';

describe('Button', () => {
  it('is a primary md button of type "button" by default, and forwards its ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('button', 'primary', 'md');
    expect(ref.current).toBe(button);
  });

  it('busy: disabled, aria-busy, a spinner instead of the icon, and clicks do nothing', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button busy icon={<svg data-testid="icon" />} onClick={onClick}>
        Saving...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('icon')).not.toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('not busy: enabled, no aria-busy, the icon leads, native attributes pass through', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button icon={<svg data-testid="icon" />} type="submit" form="f" onClick={onClick}>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.firstElementChild).toBe(screen.getByTestId('icon'));
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('form', 'f');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('buttonClassName gives a link the same classes as the button', () => {
    render(
      <>
        <Button variant="danger" size="sm" fullWidth>
          B
        </Button>
        <a href="/x" className={buttonClassName({ variant: 'danger', size: 'sm', fullWidth: true })}>
          A
        </a>
      </>,
    );
    expect(screen.getByRole('link', { name: 'A' }).className).toBe(
      screen.getByRole('button', { name: 'B' }).className,
    );
    expect(buttonClassName()).toBe('button primary md');
  });
});

describe('IconButton', () => {
  it('is named by its label (aria-label and title), ghost by default', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <IconButton label="Delete post" variant="danger" onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete post' });
    expect(button).toHaveAttribute('title', 'Delete post');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('iconButton', 'danger');
    await user.click(button);
    expect(onClick).toHaveBeenCalled();
  });
});

describe('fields', () => {
  it('TextField: labelled, error wired with aria-invalid and aria-describedby, hint described too', () => {
    render(<TextField label="Email" hint="We never share it." error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Email is required');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('TextField without error is not invalid and has no description; announceError makes it an alert', () => {
    const { rerender } = render(<TextField label="Name" />);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-describedby');
    rerender(<TextField label="Name" error="Please enter your name." announceError />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name.');
  });

  it('TextArea shows n/max as the text grows (controlled and uncontrolled)', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [text, setText] = useState('hi');
      return (
        <TextArea
          label="Post"
          maxLength={10}
          showCounter
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      );
    }
    render(
      <>
        <Controlled />
        <TextArea label="Bio" maxLength={5} showCounter defaultValue="ab" />
      </>,
    );
    expect(screen.getByText('2/10')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Post'), ' there');
    expect(screen.getByText('8/10')).toBeInTheDocument();
    expect(screen.getByLabelText('Post')).toHaveAccessibleDescription('8/10');
    expect(screen.getByText('2/5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bio'), 'cdefg');
    expect(screen.getByLabelText('Bio')).toHaveValue('abcde');
    expect(screen.getByText('5/5')).toHaveClass('counterFull');
  });

  it('PasswordField toggles between hidden and shown', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password', { exact: true });
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('SelectField is a labelled select; FieldError can stand alone', () => {
    render(
      <>
        <SelectField label="Language" defaultValue="ts">
          <option value="js">JavaScript</option>
          <option value="ts">TypeScript</option>
        </SelectField>
        <FieldError id="e">Too long</FieldError>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('ts');
    expect(screen.getByText('Too long')).toHaveAttribute('id', 'e');
  });
});

describe('feedback', () => {
  it('Alert: danger and warning are alerts, success and info are statuses, role can be overridden', () => {
    render(
      <>
        <Alert tone="danger">Bad</Alert>
        <Alert tone="success">Good</Alert>
        <Alert tone="info" role="none">
          Quiet
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Bad');
    expect(screen.getByRole('status')).toHaveTextContent('Good');
    expect(screen.getByText('Quiet').parentElement).not.toHaveAttribute('role');
  });

  it('Spinner is a status with its label; Skeleton is hidden and sized', () => {
    const { container } = render(
      <>
        <Spinner label="Loading posts" />
        <Skeleton width={120} height="1.5em" radius={8} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading posts');
    const skeleton = container.querySelector('.skeleton') as HTMLElement;
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton.style.width).toBe('120px');
    expect(skeleton.style.height).toBe('1.5em');
    expect(skeleton.style.borderRadius).toBe('8px');
  });

  it('EmptyState shows its title, message and one action', () => {
    render(
      <EmptyState
        title="No posts yet"
        message="Follow someone to fill your feed."
        action={<Button>Explore</Button>}
      />,
    );
    expect(screen.getByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByText('Follow someone to fill your feed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore' })).toBeInTheDocument();
  });
});
