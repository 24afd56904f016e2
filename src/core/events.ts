// In-process event bus; transports subscribe and forward to the renderer.
import type { EventName, EventPayload } from '../shared/rpc/events';

export type EventListener = <K extends EventName>(event: K, payload: EventPayload<K>) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<K extends EventName>(event: K, payload: EventPayload<K>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // One broken subscriber (a closed window) must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
