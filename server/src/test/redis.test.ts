import { afterAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from './redis';

describe('the test Redis fixture', () => {
  let redis: TestRedis | undefined;
  afterAll(async () => {
    await redis?.close();
  });

  it('runs its own server on a free port that answers, and can be killed, frozen and restarted on that port', async () => {
    redis = await startTestRedis();
    expect(redis.port).not.toBe(6379);
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    await expect(redis.ping()).resolves.toBeUndefined();

    redis.freeze();
    await expect(redis.ping(300)).rejects.toThrow(/did not answer/);
    redis.thaw();
    await expect(redis.ping()).resolves.toBeUndefined();

    await redis.kill();
    expect(redis.running).toBe(false);
    await expect(redis.ping(300)).rejects.toThrow();

    const port = redis.port;
    await redis.restart();
    expect(redis.port).toBe(port);
    expect(redis.running).toBe(true);
    await expect(redis.ping()).resolves.toBeUndefined();
  });
});
