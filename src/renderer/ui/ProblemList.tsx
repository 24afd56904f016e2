/** What is wrong with one row (a line, an imported row), one problem per item, in the user's words. */
export function ProblemList({ problems, className }: { problems: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {problems.map((problem) => (
        <li key={problem} className="field__error">
          {problem}
        </li>
      ))}
    </ul>
  );
}
