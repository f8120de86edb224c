import { usePlatform } from '@kidslearn/kit/platform';
import { messages } from '../../messages';
import { learningArea } from '../../api/learning-api';

/**
 * 'Play Educational Games': the game the runtime config names (ops can point it at a third-party game
 * without a rebuild), else our own offline math game, served with this remote. Always sandboxed: our game
 * needs scripts only; a configured one may also keep its own origin (its saves), never top navigation.
 */
export function GamesPage() {
  const { config } = usePlatform();
  const { baseUrl } = learningArea.useArea();
  const external = Boolean(config.gameUrl);
  return (
    <div className="lrn-games">
      <h1>{messages.games.heading}</h1>
      <iframe
        className="lrn-game-frame"
        src={config.gameUrl ?? `${baseUrl}game/index.html`}
        title={messages.games.frameTitle}
        sandbox={external ? 'allow-scripts allow-same-origin' : 'allow-scripts'}
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
