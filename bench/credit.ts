// Gems for a bench learner, given the way production does: scored perfect attempts on new lessons
// (published straight to the broker, as the quiz service would after scoring).
import { randomUUID } from 'node:crypto';
import { EventBus, createEvent } from '@kidslearn/lib-events';
import { createLogger } from '@kidslearn/lib-core';

export async function creditLearner(amqpUrl: string, email: string, amount: number): Promise<void> {
  const bus = await EventBus.connect({ url: amqpUrl, serviceName: `bench-${randomUUID().slice(0, 8)}`, logger: createLogger('bench', 'silent') });
  try {
    for (let left = amount; left > 0; left -= 2) {
      const data = { attemptId: randomUUID(), lessonId: `bench-${randomUUID()}`, email, userId: email, name: 'Bench', score: 5, total: 5, reward: Math.min(2, left) };
      await bus.publish(createEvent('quiz.attempt.scored', data));
    }
  } finally {
    await bus.close();
  }
}

export async function waitForGems(gatewayUrl: string, email: string, token: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${gatewayUrl}/gems/${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.ok && ((await response.json()) as { gems: number }).gems >= atLeast) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the bench learner did not reach ${atLeast} gems within 300 s`);
}
