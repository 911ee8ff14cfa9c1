// An admin list's search: one text box, sent trimmed when Search is pressed (not on each key),
// with the list's other filters (children) between it and the button.
import { useId, useState, type ReactNode } from 'react';

export default function SearchForm(props: {
  label: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  return (
    <form
      className="admin-filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(draft.trim());
      }}
    >
      <label htmlFor={id}>
        {props.label}
        <input
          id={id}
          type="search"
          maxLength={100}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </label>
      {props.children}
      <button className="btn" type="submit">
        Search
      </button>
    </form>
  );
}
