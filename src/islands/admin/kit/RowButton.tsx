// A list row's own action (Open, Edit, Release, Reject …): a secondary button whose accessible
// name says what it does to which row, since every row shows the same word.
import type { ReactNode } from 'react';

export default function RowButton(props: {
  /** What the button does to this row ("Release Jane Doe", "Edit /plumbing-dayton"). */
  name: string;
  onPress: () => void;
  disabled?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn secondary"
      aria-label={props.name}
      disabled={props.disabled}
      onClick={props.onPress}
    >
      {props.children}
    </button>
  );
}
