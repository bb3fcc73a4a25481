import { describe, expect, it } from 'vitest';
import { act, useState, type FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateAfter } from '@/test/hydrate';
import { Checkable, Input, Textarea } from './form-field';

/** A search form as the pages write it: controlled fields, sent from its state. */
function SearchForm({ onSearch }: { onSearch: (sent: { q: string; note: string }) => void }) {
  const [q, setQ] = useState('');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q, note });
  };
  return (
    <form onSubmit={submit}>
      <Input aria-label="q" type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      <Textarea aria-label="note" value={note} onChange={(event) => setNote(event.target.value)} />
      <output>{q.length}</output>
      <button type="submit">search</button>
    </form>
  );
}

describe('a controlled field of a server-rendered page', () => {
  it('keeps the text typed before hydration: the state hears of it and a form sent then carries it', async () => {
    const sent: Array<{ q: string; note: string }> = [];
    // Typed while the page was only server HTML: the DOM has the text, no React state does.
    const container = await hydrateAfter(<SearchForm onSearch={(value) => sent.push(value)} />, (html) => {
      html.querySelector('input')!.value = 'مطعم';
      html.querySelector('textarea')!.value = 'في الرياض';
    });

    expect(container.querySelector('output')!.textContent).toBe('4');
    expect(container.querySelector('input')!.value).toBe('مطعم');
    act(() => container.querySelector('form')!.requestSubmit());
    expect(sent).toEqual([{ q: 'مطعم', note: 'في الرياض' }]);
  });

  it('changes nothing when the page was rendered in the browser, and typing works as before', async () => {
    const sent: Array<{ q: string; note: string }> = [];
    render(<SearchForm onSearch={(value) => sent.push(value)} />);
    expect(screen.getByRole('status').textContent).toBe('0');
    await userEvent.type(screen.getByRole('searchbox', { name: 'q' }), 'cafe');
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(sent).toEqual([{ q: 'cafe', note: '' }]);
  });
});

/** A filter of one choice among three, and a box, as the search page writes them. */
function TypeFilter({ onChoose }: { onChoose: (type: string) => void }) {
  const [type, setType] = useState('any');
  const [verified, setVerified] = useState(false);
  return (
    <form>
      {['any', 'sale', 'invest'].map((value) => (
        <Checkable
          key={value}
          type="radio"
          name="type"
          aria-label={value}
          checked={type === value}
          onChange={() => {
            onChoose(value);
            setType(value);
          }}
        />
      ))}
      <Checkable
        type="checkbox"
        aria-label="verified"
        checked={verified}
        onChange={(e) => setVerified(e.target.checked)}
      />
      <output>{`${type} ${verified}`}</output>
    </form>
  );
}

describe('a controlled radio button or checkbox of a server-rendered page', () => {
  it('keeps a tick made before hydration: the radio ticked says so once, the box too', async () => {
    const chosen: string[] = [];
    const container = await hydrateAfter(
      <TypeFilter onChoose={() => undefined} />,
      (html) => {
        html.querySelectorAll<HTMLInputElement>('input[type="radio"]')[2]!.checked = true;
        html.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;
      },
      <TypeFilter onChoose={(type) => chosen.push(type)} />,
    );
    const invest = container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[2];

    expect(chosen).toEqual(['invest']);
    expect(container.querySelector('output')!.textContent).toBe('invest true');
    expect(invest!.checked).toBe(true);
  });

  it('changes nothing when the page was rendered in the browser, and ticking works as before', async () => {
    const chosen: string[] = [];
    render(<TypeFilter onChoose={(type) => chosen.push(type)} />);
    expect(screen.getByRole('status').textContent).toBe('any false');
    await userEvent.click(screen.getByRole('radio', { name: 'sale' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'verified' }));
    expect(chosen).toEqual(['sale']);
    expect(screen.getByRole('status').textContent).toBe('sale true');
  });
});
