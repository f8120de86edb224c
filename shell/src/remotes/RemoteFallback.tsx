import { messages } from '../messages';
import sleepyOwl from '../assets/sleepy-owl.svg';

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="remote-fallback" role="alert">
      <img src={sleepyOwl} alt="" width={120} height={120} />
      <h2>{messages.remote.failedTitle}</h2>
      <p>{messages.remote.failedText}</p>
      <button type="button" className="kl-btn kl-btn--primary" onClick={onRetry}>
        {messages.remote.retry}
      </button>
    </div>
  );
}
