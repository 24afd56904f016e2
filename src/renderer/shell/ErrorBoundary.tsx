import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the screen's path) clears a previous failure. */
  resetKey: string;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/** A screen that throws shows a Spanish message, never a stack trace, and the rest of the app lives on. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Nothing to send: the app is offline-first and the details could contain customer data.
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="panel panel--error" role="alert">
        <h2>Algo salió mal en esta pantalla</h2>
        <p>
          Sus documentos están a salvo: nada se envió dos veces ni se perdió. Cambie de pantalla o recargue la aplicación; si el
          problema se repite, copie la información de soporte desde el Historial.
        </p>
        <button type="button" className="button" onClick={() => this.setState({ failed: false })}>
          Reintentar
        </button>
      </div>
    );
  }
}
