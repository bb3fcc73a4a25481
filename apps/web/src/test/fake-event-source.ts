/** A stand-in for the browser's EventSource in tests: records instances and lets a test emit events. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** Delivers an event as the server would (data is JSON-encoded unless a string is given). */
  emit(name: string, data?: unknown) {
    const event = new MessageEvent(name, {
      data: typeof data === 'string' ? data : JSON.stringify(data ?? {}),
    });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }

  static get open() {
    return FakeEventSource.instances.filter((source) => !source.closed);
  }

  static reset() {
    FakeEventSource.instances = [];
  }
}
