import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import { Avatar, AVATAR_COLOR_COUNT, avatarColorIndex, avatarInitial } from '../src';

describe('avatarColorIndex', () => {
  it('is stable: the same key always gets the same index, and known keys keep their colour', () => {
    expect(avatarColorIndex('ada')).toBe(avatarColorIndex('ada'));
    // Pinned: changing the hash would recolour every existing user.
    expect(avatarColorIndex('ada')).toBe(14);
    expect(avatarColorIndex('Ada Lovelace')).toBe(5);
    expect(avatarColorIndex('')).toBe(0);
  });

  it('spreads usernames over all 16 colours, none crowded', () => {
    const counts = new Array<number>(AVATAR_COLOR_COUNT).fill(0);
    for (let i = 0; i < 1600; i++) {
      const index = avatarColorIndex(`dev_${i.toString(36)}_user`);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(AVATAR_COLOR_COUNT);
      counts[index] += 1;
    }
    expect(counts.every((count) => count > 0)).toBe(true);
    // 100 per colour on average; no colour gets more than twice its share.
    expect(Math.max(...counts)).toBeLessThan(200);
  });
});

describe('Avatar', () => {
  it('shows the uppercase initial on the colour of its name, hidden from screen readers', () => {
    const { container } = render(<Avatar name="grace" />);
    const avatar = container.firstElementChild as HTMLElement;
    expect(avatar).toHaveTextContent(/^G$/);
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    expect(avatar.style.background).toBe(`var(--avatar-${avatarColorIndex('grace') + 1})`);
    expect(avatar).toHaveClass('md');
  });

  it('colorKey picks the colour instead of the name; size and className apply', () => {
    const { container } = render(<Avatar name="Ada Lovelace" colorKey="ada" size="xl" className="extra" />);
    const avatar = container.firstElementChild as HTMLElement;
    expect(avatar.style.background).toBe('var(--avatar-15)');
    expect(avatar).toHaveTextContent('A');
    expect(avatar).toHaveClass('xl', 'extra');
  });

  it('initial: a whole emoji, and ? for an empty or blank name', () => {
    expect(avatarInitial('  émile')).toBe('É');
    expect(avatarInitial('🦀 rustacean')).toBe('🦀');
    expect(avatarInitial('   ')).toBe('?');
  });
});
