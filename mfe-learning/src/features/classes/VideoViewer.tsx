import { Button } from '@kidslearn/kit/ui';
import type { LessonPart } from '../../api/learning-api';
import { toEmbedUrl } from '../../domain/embed-url';
import { messages } from '../../messages';
import { useFocusOnShow } from './useFocusOnShow';

/**
 * A part's video in a sandboxed frame (scripts and the player's own origin only: no top navigation,
 * no pop-ups, no forms), with the part name as heading and Previous / Next.
 */
export function VideoViewer({ parts, index, onSelect }: { parts: LessonPart[]; index: number; onSelect: (index: number) => void }) {
  const part = parts[index];
  const heading = useFocusOnShow<HTMLHeadingElement>(index);
  if (!part) return null;
  return (
    <div className="lrn-video">
      <h2 ref={heading} tabIndex={-1}>
        {part.name}
      </h2>
      <iframe
        className="lrn-frame"
        src={toEmbedUrl(part.link)}
        title={messages.classes.videoTitle(part.name)}
        sandbox="allow-scripts allow-same-origin allow-presentation"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
      <div className="lrn-video-nav">
        <Button variant="outline" disabled={index <= 0} onClick={() => onSelect(index - 1)}>
          {messages.classes.previous}
        </Button>
        <Button variant="primary" disabled={index >= parts.length - 1} onClick={() => onSelect(index + 1)}>
          {messages.classes.next}
        </Button>
      </div>
    </div>
  );
}
