import { messages } from '../../messages';

/** The lesson author's explanation of a question, introduced kindly. */
export function Explanation({ text }: { text: string }) {
  return (
    <p className="lrn-explanation">
      <strong>{messages.step.why}</strong> <span>{text}</span>
    </p>
  );
}
