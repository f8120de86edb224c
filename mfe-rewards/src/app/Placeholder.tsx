import { Card } from '@kidslearn/kit/ui';
import { messages } from '../messages';

/** Placeholder page until the area is built; proves the remote loads and mounts on the kit. */
export function Placeholder() {
  return (
    <Card className="kl-rewards">
      <h1>{messages.placeholderTitle}</h1>
      <p>{messages.placeholderText}</p>
    </Card>
  );
}
