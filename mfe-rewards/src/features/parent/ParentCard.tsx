import { useState } from 'react';
import { useFeedback } from '@kidslearn/kit/platform';
import { Button } from '@kidslearn/kit/ui';
import { rewardsArea, type MyParent } from '../../api/rewards-api';
import { failureMessage } from '../../domain/redeem-rules';
import { messages } from '../../messages';
import { ParentEmailForm } from './ParentEmailForm';
import { useMyParent } from './useMyParent';

const text = messages.parent;

/**
 * "Your parent" on /avater: name a parent (PUT /family/parent), see whether they agreed, ask again or change.
 * `held`: its answer is read at once but shown only when it is false (the page holds it back while what is above
 * it still loads, so the card never appears and is then pushed down).
 */
export function ParentCard({ held = false }: { held?: boolean }) {
  const { api, platform } = rewardsArea.useArea();
  const parent = useMyParent();
  const [name, naming] = api.useRewardsNameParentMutation();
  const feedback = useFeedback();
  const [changing, setChanging] = useState(false);

  /** Sends the invitation; resolves to the refusal's message (400/409), or undefined when it went out. */
  const send = async (parentEmail: string): Promise<string | undefined> => {
    try {
      const answer = await name({ parentEmail }).unwrap();
      platform.store.dispatch(api.util.updateQueryData('rewardsMyParent', undefined, () => answer));
      setChanging(false);
      feedback.toast({ text: text.sent(parentEmail), icon: 'success' });
      return undefined;
    } catch (error) {
      return failureMessage(error, text.failed);
    }
  };

  // Only a known answer is shown: a failed read is logged (useMyParent), like SPEC §8's other learner reads.
  if (held || !parent.isSuccess) return null;
  const me: MyParent = parent.data;
  return (
    <section className="rwd-parent" aria-labelledby="rwd-parent-heading">
      <h2 id="rwd-parent-heading">{text.heading}</h2>
      {me.consentMode === 'required' && me.status !== 'consented' && <p className="rwd-parent-required">{text.required}</p>}
      {me.status === 'consented' && me.parentEmail && <p className="rwd-parent-agreed">{text.consented(me.parentEmail)}</p>}
      {me.status === 'invited' && me.parentEmail && !changing && (
        <>
          <p>{text.invited(me.parentEmail)}</p>
          <SendAgain email={me.parentEmail} busy={naming.isLoading} onSend={send} onChange={() => setChanging(true)} />
        </>
      )}
      {me.status === 'invited' && changing && <ParentEmailForm initial={me.parentEmail ?? ''} busy={naming.isLoading} onSend={send} onCancel={() => setChanging(false)} />}
      {me.status === 'none' && (
        <>
          <p>{text.intro}</p>
          <ParentEmailForm busy={naming.isLoading} onSend={send} />
        </>
      )}
    </section>
  );
}

function SendAgain({ email, busy, onSend, onChange }: { email: string; busy: boolean; onSend: (email: string) => Promise<string | undefined>; onChange: () => void }) {
  const [problem, setProblem] = useState<string>();
  return (
    <>
      {problem && (
        <p className="rwd-error" role="alert">
          {problem}
        </p>
      )}
      <div className="rwd-parent-actions">
        <Button variant="outline" busy={busy} onClick={() => void onSend(email).then(setProblem)}>
          {text.sendAgain}
        </Button>
        <Button variant="ghost" onClick={onChange}>
          {text.change}
        </Button>
      </div>
    </>
  );
}
