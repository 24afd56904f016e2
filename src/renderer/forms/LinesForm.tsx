// The empty form that owns a document's line controls (FE and DSE), so that the document's own form
// holds its own fields only. React sets a typed input's name again on every keystroke, and a form one
// of whose controls was renamed rebuilds its lookup of controls by name, over all of them, the next
// time any property of the form is read; React reads one on the form for every event that passes
// through it. With 200 FE lines (1,800 controls) in the invoice's form that was about 0.2 ms for each
// rebuild, one or more per keystroke (typing benchmark). Nothing reads the lines through a DOM form:
// their values are react-hook-form's. Render it outside the document's <form> (forms do not nest).
export function LinesForm({ id }: { id: string }) {
  return <form id={id} hidden aria-hidden="true" onSubmit={(event) => event.preventDefault()} />;
}
