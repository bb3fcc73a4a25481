import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityEventsPlugin, { type SecurityEvent } from './security-events';

async function build() {
  const app = Fastify({ logger: false });
  await app.register(securityEventsPlugin);
  await app.ready();
  return app;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('security events', () => {
  it('hands every event, stamped with its time, to each subscriber', async () => {
    const app = await build();
    const seen: (SecurityEvent & { at: Date })[] = [];
    app.securityEvents.subscribe((event) => void seen.push(event));
    app.securityEvents.emit({ type: 'logout', userId: 7, sessionId: 'f1', ip: '10.0.0.1' });
    await flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: 'logout', userId: 7, sessionId: 'f1', ip: '10.0.0.1' });
    expect(seen[0]!.at).toBeInstanceOf(Date);
    await app.close();
  });

  it('keeps going when a subscriber throws, and stops calling one that unsubscribed', async () => {
    const app = await build();
    const seen: string[] = [];
    app.securityEvents.subscribe(() => {
      throw new Error('audit store down');
    });
    const unsubscribe = app.securityEvents.subscribe((event) => void seen.push(event.type));
    expect(() => app.securityEvents.emit({ type: 'password_changed', userId: 1 })).not.toThrow();
    await flush();
    unsubscribe();
    app.securityEvents.emit({ type: 'mfa_enabled', userId: 1 });
    await flush();
    expect(seen).toEqual(['password_changed']);
    await app.close();
  });
});
