import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPLORE_TIMINGS, type ExploreTimings } from '../src/features/explore/constants';
import { ExploreScreen } from '../src/features/explore/ExploreScreen';
import { developer } from './developers';
import { renderWithSdk, startWebBackend, type WebBackend } from './harness';
import { emulatePhone } from './phone';
import { watchUserSearches } from './userSearches';

// Every test shares this back end (and its users): each one names its developers and skills with its own tag.
let backend: WebBackend;

beforeAll(async () => {
  backend = await startWebBackend();
}, 60_000);

afterAll(() => backend.stop());

afterEach(() => jest.restoreAllMocks());

const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

const searchbox = () => screen.getByRole('searchbox', { name: 'Search developers' });
const skillSelect = () => screen.getByRole('combobox', { name: 'Skill' });
/** The names on the listed cards, in order. */
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Developers' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const cardOf = (name: string) => screen.getByRole('article', { name });

/**
 * The spec's debounce, which keeps a word typed fast one search, but no lingering loading view: the tests about
 * something else skip a second per search. The test about the timings themselves opens the screen with the
 * product's (EXPLORE_TIMINGS), and the e2e (users.spec.ts) searches in the browser with them.
 */
const NO_LINGER: ExploreTimings = { ...EXPLORE_TIMINGS, lingerMs: 0 };

/** Renders the screen for a new viewer and waits for the first load to settle. */
async function openExplore(timings = NO_LINGER) {
  const viewer = await backend.signUp();
  const view = renderWithSdk(viewer, <ExploreScreen timings={timings} />);
  await screen.findByText('Search for developers');
  return view;
}

test('without a filter it lists nobody and invites a search; the first call asks for the newest 50', async () => {
  await developer(backend, 'nofilter1', { skills: ['Fortran-nf'] });
  const searches = watchUserSearches();
  await openExplore();

  const title = screen.getByRole('heading', { level: 1, name: 'explore' });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  // The centred reading column, as on every other screen (issue 21), not the full page width.
  expect(title.parentElement).toHaveClass('page', 'reading');
  expect(title.parentElement).not.toHaveClass('wide');
  expect(searchbox()).toHaveAttribute('placeholder', 'Search developers...');
  expect(screen.getByText('Enter a search term or select a skill to find developers.')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Developers' })).not.toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByText(/developer\(s\) found/)).not.toBeInTheDocument();
  // No filter: no Clear buttons.
  expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  expect(searches.queries()).toEqual(['']);
  // No results loaded: the skill dropdown has no skills yet (it offers those of the loaded results, §2).
  const options = within(skillSelect()).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['All Skills']);
});

test('typing searches after 500 ms of quiet, once, and the loading view stays about 1 s', async () => {
  await developer(backend, 'debada', { displayName: 'Ada Lovelace' });
  await developer(backend, 'debadam');
  await developer(backend, 'debbob');
  const searches = watchUserSearches();
  await openExplore(EXPLORE_TIMINGS);
  const user = userEvent.setup();

  const started = Date.now();
  await user.type(searchbox(), 'debad');
  const typed = Date.now();
  expect(screen.getByText('Searching developers')).toBeInTheDocument();
  // Nothing is asked while the typing is fresh.
  expect(searches.queries().filter((query) => query.includes('search'))).toEqual([]);

  expect(await screen.findByText('2 developer(s) found matching "debad"')).toBeInTheDocument();
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  expect(screen.queryByText('Searching developers')).not.toBeInTheDocument();
  // One request for the whole word (no request per keystroke), sent after the quiet time.
  const searchCalls = searches.calls.filter((call) => call.query.includes('search'));
  expect(searchCalls.map((call) => call.query)).toEqual(['?search=debad']);
  expect(searchCalls[0].at - typed).toBeGreaterThanOrEqual(450);
  // Newest first; the display name when there is one.
  expect(cardNames()).toEqual(['debadam', 'Ada Lovelace']);
});

test('Search (and Enter) search at once, without waiting for the debounce', async () => {
  await developer(backend, 'nowcarol');
  const searches = watchUserSearches();
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'nowca');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  // Sent by the click itself: no timer has had a chance to run yet (the debounce would need 500 ms).
  expect(searches.calls.map((entry) => entry.query)).toContain('?search=nowca');
  await screen.findByText('1 developer(s) found matching "nowca"');

  await user.type(searchbox(), 'r{Enter}');
  expect(searches.calls.map((entry) => entry.query)).toContain('?search=nowcar');
  await screen.findByText('1 developer(s) found matching "nowcar"');
});

const skillOptionTexts = () =>
  within(skillSelect())
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');

test('the skill dropdown holds the distinct sorted skills of the loaded results and filters at once', async () => {
  await developer(backend, 'sklone', { skills: ['Zig-skl', 'elm-skl'] });
  await developer(backend, 'skltwo', { skills: ['ELM-skl', 'Ada-skl'] });
  await developer(backend, 'sklthree', { skills: ['elm-skl'] });
  // Another member's skill, not among the results below: never offered (issue 21).
  await developer(backend, 'othermember', { skills: ['Cobol-other'] });
  const searches = watchUserSearches();
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'skl{Enter}');
  expect(await screen.findByText('3 developer(s) found matching "skl"')).toBeInTheDocument();
  const options = skillOptionTexts();
  expect(options[0]).toBe('All Skills');
  // Distinct case-insensitively, sorted, and only the results' skills.
  expect(options.slice(1).map((option) => option.toLowerCase())).toEqual(['ada-skl', 'elm-skl', 'zig-skl']);

  await user.selectOptions(skillSelect(), 'Zig-skl');
  // Sent by the choice itself, with no debounce.
  expect(searches.calls.map((entry) => entry.query)).toContain('?search=skl&skill=Zig-skl');
  expect(
    await screen.findByText('1 developer(s) found matching "skl" with skill "Zig-skl"'),
  ).toBeInTheDocument();
  expect(cardNames()).toEqual(['sklone']);
  // Now the results are sklone's: its skills, the chosen one kept.
  expect(skillOptionTexts().slice(1)).toEqual(['elm-skl', 'Zig-skl']);

  // Case-insensitive exact: 'elm-skl' finds all three spellings, and not a longer skill.
  await developer(backend, 'sklfour', { skills: ['elm-skl-extra'] });
  await user.selectOptions(skillSelect(), 'elm-skl');
  expect(
    await screen.findByText('3 developer(s) found matching "skl" with skill "elm-skl"'),
  ).toBeInTheDocument();
  expect(cardNames()).toEqual(['sklthree', 'skltwo', 'sklone']);
});

test('a term and a skill together: both must match, and the counter names both', async () => {
  await developer(backend, 'bothann', { skills: ['Rust-both'] });
  await developer(backend, 'bothbea', { skills: ['Go-both'] });
  await developer(backend, 'bothcid', { skills: ['Rust-both', 'Go-both'] });
  await developer(backend, 'zedboth', { skills: ['Rust-both'] });
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'both{Enter}');
  await screen.findByText(/^\d developer\(s\) found matching "both"$/);
  await user.selectOptions(skillSelect(), 'Rust-both');
  expect(
    await screen.findByText('2 developer(s) found matching "both" with skill "Rust-both"'),
  ).toBeInTheDocument();
  expect(cardNames()).toEqual(['bothcid', 'bothann']);
});

test('a filter without matches says so', async () => {
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'nobodyhasthisname');
  expect(await screen.findByText('No developers found')).toBeInTheDocument();
  expect(screen.getByText('Try adjusting your search criteria or clear the filters.')).toBeInTheDocument();
  expect(screen.getByText('0 developer(s) found matching "nobodyhasthisname"')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByText('Search for developers')).not.toBeInTheDocument();
});

test('the clear button empties the box; Clear drops both the term and the skill', async () => {
  await developer(backend, 'clrdan', { skills: ['Perl-clr'] });
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'clrd');
  await screen.findByText('1 developer(s) found matching "clrd"');
  await user.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(searchbox()).toHaveValue('');
  expect(searchbox()).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  expect(await screen.findByText('Search for developers')).toBeInTheDocument();
  expect(screen.queryByText(/developer\(s\) found/)).not.toBeInTheDocument();

  await user.type(searchbox(), 'clr{Enter}');
  await screen.findByText(/^\d developer\(s\) found matching "clr"$/);
  await user.selectOptions(skillSelect(), 'Perl-clr');
  await screen.findByText('1 developer(s) found matching "clr" with skill "Perl-clr"');
  await user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(searchbox()).toHaveValue('');
  expect(skillSelect()).toHaveValue('');
  expect(await screen.findByText('Search for developers')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
});

test('an answer to an older search never replaces the newer results', async () => {
  await developer(backend, 'stlx1');
  await developer(backend, 'stlxy2');
  // The answer for "stlx" is held back until the search for "stlxy" has been shown.
  const searches = watchUserSearches((query) => query.get('search') === 'stlx');
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'stlx{Enter}');
  await waitFor(() => expect(searches.queries()).toContain('?search=stlx'));
  await user.type(searchbox(), 'y{Enter}');
  expect(await screen.findByText('1 developer(s) found matching "stlxy"')).toBeInTheDocument();

  searches.release();
  await sleep(1500);
  expect(screen.getByText('1 developer(s) found matching "stlxy"')).toBeInTheDocument();
  expect(cardNames()).toEqual(['stlxy2']);
});

test('regular-expression characters are searched literally', async () => {
  await developer(backend, 'rgxguru', { displayName: 'C++ (Ruby|Go) Fan' });
  const logged = jest.spyOn(console, 'error');
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), '.*');
  expect(await screen.findByText('No developers found')).toBeInTheDocument();
  expect(screen.getByText('0 developer(s) found matching ".*"')).toBeInTheDocument();

  await user.clear(searchbox());
  // userEvent reads "[" and "{" as key descriptors: "[[" types one "[".
  await user.type(searchbox(), '[[a-');
  expect(await screen.findByText('0 developer(s) found matching "[a-"')).toBeInTheDocument();

  await user.clear(searchbox());
  await user.type(searchbox(), 'C++ (Ruby|');
  expect(await screen.findByText('1 developer(s) found matching "C++ (Ruby|"')).toBeInTheDocument();
  expect(cardNames()).toEqual(['C++ (Ruby|Go) Fan']);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(logged).not.toHaveBeenCalled();
});

test('a card: name, handle, bio, the first 8 skills and +N more, the join month and View Profile', async () => {
  const skills = ['s01', 's02', 's03', 's04', 's05', 's06', 's07', 's08', 's09', 's10', 's11'].map(
    (skill) => `${skill}-card`,
  );
  await developer(backend, 'cardgrace', {
    displayName: 'Grace Hopper',
    bio: 'Compilers, COBOL and nanoseconds.',
    skills,
  });
  const view = await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'cardg{Enter}');
  await screen.findByText('1 developer(s) found matching "cardg"');
  const card = cardOf('Grace Hopper');
  expect(within(card).getByText('@cardgrace')).toBeInTheDocument();
  expect(within(card).getByText('Compilers, COBOL and nanoseconds.')).toHaveClass('clamped');
  const chips = within(within(card).getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
  expect(chips.map((chip) => chip.textContent)).toEqual([...skills.slice(0, 8), '+3 more']);
  const joined = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  expect(within(card).getByText(`Joined ${joined}`)).toBeInTheDocument();
  // Desktop cards do not expand.
  expect(within(card).queryByRole('button', { name: /More about/ })).not.toBeInTheDocument();

  const link = within(card).getByRole('link', { name: 'View Profile' });
  expect(link).toHaveAttribute('href', '/profile/cardgrace');
  await user.click(link);
  expect(view.navigations).toEqual(['/profile/cardgrace']);
});

test('a card with exactly 8 skills has no +N more; without a display name it shows the username', async () => {
  const skills = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((skill) => `${skill}-eight`);
  await developer(backend, 'eightsk', { skills });
  await openExplore();
  const user = userEvent.setup();

  await user.type(searchbox(), 'eightsk{Enter}');
  await screen.findByText('1 developer(s) found matching "eightsk"');
  const card = cardOf('eightsk');
  const chips = within(within(card).getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
  expect(chips.map((chip) => chip.textContent)).toEqual(skills);
  expect(within(card).queryByText(/more$/)).not.toBeInTheDocument();
});

describe('on a phone', () => {
  let undo: () => void;
  beforeEach(() => (undo = emulatePhone()));
  afterEach(() => undo());

  test("the title reads 'discover', there is no skill dropdown, and a card expands on tap", async () => {
    const skills = Array.from({ length: 10 }, (_, index) => `p${index}-phone`);
    await developer(backend, 'phonelin', { displayName: 'Lin Phone', bio: 'Long story.', skills });
    await openExplore();
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'discover' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'explore' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Skill' })).not.toBeInTheDocument();

    await user.type(searchbox(), 'phonel');
    await screen.findByText('1 developer(s) found matching "phonel"');
    // The phone has the clear-search button, not the desktop Clear.
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();

    const card = cardOf('Lin Phone');
    const toggle = within(card).getByRole('button', { name: 'More about Lin Phone' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
    expect(within(card).getByText('Long story.')).toHaveClass('clamped');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).queryByText('+2 more')).not.toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(10);
    expect(within(card).getByText('Long story.')).not.toHaveClass('clamped');

    // A tap on the card itself folds it again.
    await user.click(within(card).getByText('Long story.'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
  });
});
