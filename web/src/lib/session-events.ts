/**
 * Tells the React tree that the server ended the session (a 401), so the auth context can drop
 * the user and the route guards send the visitor to /login without a page reload.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionEnded(): void {
  for (const listener of [...listeners]) listener();
}
