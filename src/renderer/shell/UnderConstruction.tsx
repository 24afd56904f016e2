export function UnderConstruction({ title, summary }: { title: string; summary: string }) {
  return (
    <section className="screen">
      <header className="screen__header">
        <h1>{title}</h1>
      </header>
      <div className="panel">
        <p className="muted">En construcción.</p>
        <p>{summary}</p>
      </div>
    </section>
  );
}
