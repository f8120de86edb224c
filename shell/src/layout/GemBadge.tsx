import { messages } from '../messages';
import gem from '../assets/gem.svg';

export function GemBadge({ gems }: { gems: number }) {
  return (
    <span className="gem-badge" aria-label={messages.gems(gems)}>
      <img src={gem} alt="" width={20} height={20} />
      <span aria-hidden="true">{gems}</span>
    </span>
  );
}
