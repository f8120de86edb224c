// Issue 21: a speaker button for children who read slowly. The browser's own speech synthesis only; where a
// browser has none, there is no button.
import { useEffect } from 'react';
import { Button } from '@kidslearn/kit/ui';
import { messages } from '../../messages';

/** A little slower than normal speech, for young listeners. */
const CHILD_FRIENDLY_RATE = 0.9;

function browserSpeech(): SpeechSynthesis | undefined {
  if (typeof window === 'undefined' || !('speechSynthesis' in window) || typeof window.SpeechSynthesisUtterance !== 'function') return undefined;
  return window.speechSynthesis;
}

/** A speaker with sound waves (drawn, so it shows where no emoji font is installed). */
function SpeakerIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7" />
      <path d="M19 6a8.5 8.5 0 0 1 0 12" />
    </svg>
  );
}

/** Reads `text` aloud; a new press (or leaving the question) stops what was being read. */
export function ReadAloudButton({ text }: { text: string }) {
  const speech = browserSpeech();
  useEffect(() => () => speech?.cancel(), [speech]);
  if (!speech) return null;
  const readAloud = () => {
    speech.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.rate = CHILD_FRIENDLY_RATE;
    speech.speak(utterance);
  };
  return (
    <Button variant="outline" className="lrn-read-aloud" aria-label={messages.readAloud} onClick={readAloud}>
      <SpeakerIcon />
    </Button>
  );
}
