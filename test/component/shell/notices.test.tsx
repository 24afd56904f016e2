// Result notices never pile up nor stay forever: at most three, the same key replaces, good news
// closes by itself, an error stays until closed (with its button or Escape).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '#renderer/shell/notices/Notices';
import { clearNotices, MAX_NOTICES, NOTICE_MS, pushNotice } from '#renderer/shell/notices/notices';

beforeEach(() => clearNotices());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const texts = () => screen.queryAllByTestId('toast').map((n) => n.firstChild?.textContent);

describe('notices', () => {
  it('keeps the newest three and replaces a notice of the same key', () => {
    render(<Notices />);
    act(() => {
      for (let i = 1; i <= 5; i += 1) pushNotice({ key: `k${i}`, text: `Aviso ${i}`, tone: 'error', testId: 'toast' });
    });
    expect(MAX_NOTICES).toBe(3);
    expect(texts()).toEqual(['Aviso 3', 'Aviso 4', 'Aviso 5']);
    act(() => pushNotice({ key: 'k4', text: 'Aviso 4 de nuevo', tone: 'error', testId: 'toast' }));
    expect(texts()).toEqual(['Aviso 3', 'Aviso 5', 'Aviso 4 de nuevo']);
  });

  it('closes good news by itself and leaves an error until it is closed', () => {
    vi.useFakeTimers();
    render(<Notices />);
    act(() => {
      pushNotice({ key: 'ok', text: 'Factura aceptada', tone: 'ok', testId: 'toast' });
      pushNotice({ key: 'bad', text: 'Factura rechazada', tone: 'error', testId: 'toast' });
    });
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS - 1);
    });
    expect(texts()).toEqual(['Factura aceptada', 'Factura rechazada']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(texts()).toEqual(['Factura rechazada']);
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS * 10);
    });
    expect(texts()).toEqual(['Factura rechazada']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cerrar aviso' }), { key: 'Escape' });
    expect(texts()).toEqual([]);
  });

  it('closes with its button and follows its link', () => {
    render(<Notices />);
    act(() =>
      pushNotice({
        key: 'a',
        text: 'Aceptada.',
        tone: 'error',
        testId: 'toast',
        link: { label: 'Ver en el historial', href: '#/historial' },
      }),
    );
    expect(screen.getByRole('link', { name: 'Ver en el historial' }).getAttribute('href')).toBe('#/historial');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(texts()).toEqual([]);
  });

  it('closes the newest notice with Escape from anywhere outside a field or a dialog, an older one next', () => {
    render(
      <>
        <input aria-label="Cantidad" />
        <Notices />
      </>,
    );
    act(() => {
      pushNotice({ key: 'a', text: 'Factura rechazada', tone: 'error', testId: 'toast' });
      pushNotice({ key: 'b', text: 'Documento soporte rechazado', tone: 'error', testId: 'toast' });
    });
    // Escape in a field is the field's: the notices stay.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Cantidad' }), { key: 'Escape' });
    expect(texts()).toEqual(['Factura rechazada', 'Documento soporte rechazado']);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(texts()).toEqual(['Factura rechazada']);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(texts()).toEqual([]);
  });

  it('closes an informational notice by itself too, and Escape on one notice closes only that one', () => {
    vi.useFakeTimers();
    render(<Notices />);
    act(() => {
      pushNotice({ key: 'i', text: 'Sincronización terminada', tone: 'info', testId: 'toast' });
      pushNotice({ key: 'e1', text: 'Error uno', tone: 'error', testId: 'toast' });
      pushNotice({ key: 'e2', text: 'Error dos', tone: 'error', testId: 'toast' });
    });
    fireEvent.keyDown(screen.getAllByRole('button', { name: 'Cerrar aviso' })[1]!, { key: 'Escape' });
    expect(texts()).toEqual(['Sincronización terminada', 'Error dos']);
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS);
    });
    expect(texts()).toEqual(['Error dos']);
  });
});
