import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorPage } from '@/features/errors/components/RouteErrorPage';
import { textToken } from '@/lib/i18n/problem';

interface BoundaryProps {
  standalone: boolean;
  /** Moves on with every navigation: an error page gives way to the next page the visitor opens. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    // "Unknown error", shown by the error page in the reader's language.
    return { error: error ?? new Error(textToken('common:routeError.unknown')) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <RouteErrorPage error={this.state.error} standalone={this.props.standalone} />;
    return this.props.children;
  }
}

/**
 * What broke while rendering a page (or a page's code that could not be fetched) shows the error page in its place
 * until the visitor navigates. `standalone`: around the layout itself, where no navigation bar is on screen.
 *
 * A boundary of our own rather than react-router's errorElement: that exists only with its data router, whose code
 * (17 KiB of start-up JavaScript) the app does not otherwise use.
 */
export function RouteErrors({ standalone = false, children }: { standalone?: boolean; children: ReactNode }) {
  const location = useLocation();
  return (
    <Boundary standalone={standalone} resetKey={location.key}>
      {children}
    </Boundary>
  );
}
