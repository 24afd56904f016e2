import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '#renderer/shell/ErrorBoundary';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('TypeError: cannot read properties of undefined at /src/core/secret.ts:12');
  return <p>Pantalla sana</p>;
}

function Harness() {
  const [explode, setExplode] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setExplode(false)}>
        arreglar
      </button>
      <ErrorBoundary resetKey="facturas">
        <Bomb explode={explode} />
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  it('shows a Spanish message instead of the stack, and recovers on retry', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness />);
    expect(screen.getByRole('alert').textContent).toMatch(/Algo salió mal en esta pantalla/);
    expect(document.body.textContent).not.toMatch(/TypeError|secret\.ts/);
    await userEvent.click(screen.getByRole('button', { name: 'arreglar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByText('Pantalla sana')).toBeTruthy();
    quiet.mockRestore();
  });
});
