import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFeedback } from '@kidslearn/kit/platform';
import { Button } from '@kidslearn/kit/ui';
import { useFamilyApi } from '../../api/family-api';
import { serverMessage } from '../../domain/server-error';
import { messages } from '../../messages';

const text = messages.consent.decide;

/** The invited parent, signed in: agree (then their family page) or refuse after a confirmation (the child's data is erased). */
export function ConsentDecisionPanel({ token, childName, onRefused }: { token: string; childName: string; onRefused: () => void }) {
  const [decide, { isLoading }] = useFamilyApi().useFamilyConsentMutation();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const [answering, setAnswering] = useState<'agree' | 'refuse'>();

  const answer = async (decision: 'agree' | 'refuse') => {
    setProblem(undefined);
    if (decision === 'refuse') {
      const sure = await feedback.confirm({ title: text.confirmTitle(childName), text: text.confirmText(childName), confirmText: text.confirmYes, cancelText: text.confirmNo });
      if (!sure) return;
    }
    setAnswering(decision);
    try {
      await decide({ token, decision }).unwrap();
      if (decision === 'refuse') return onRefused();
      feedback.toast({ text: text.agreed(childName), icon: 'success' });
      navigate('/family');
    } catch (error) {
      setProblem(serverMessage(error, text.failed));
    } finally {
      setAnswering(undefined);
    }
  };

  return (
    <section className="fam-answer" aria-labelledby="fam-decide-heading">
      <h2 id="fam-decide-heading">{text.heading}</h2>
      {problem && (
        <p className="fam-error" role="alert">
          {problem}
        </p>
      )}
      <div className="fam-actions fam-decide">
        <Button size="lg" busy={isLoading && answering === 'agree'} disabled={isLoading} onClick={() => void answer('agree')}>
          {text.agree}
        </Button>
        <Button size="lg" variant="outline" busy={isLoading && answering === 'refuse'} disabled={isLoading} onClick={() => void answer('refuse')}>
          {text.refuse}
        </Button>
      </div>
    </section>
  );
}
