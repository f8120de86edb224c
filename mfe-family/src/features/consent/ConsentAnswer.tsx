import { useCurrentUser } from '@kidslearn/kit/platform';
import { Spinner } from '@kidslearn/kit/ui';
import type { FamilyInvitation } from '../../api/family-api';
import { messages } from '../../messages';
import { ConsentDecisionPanel } from './ConsentDecisionPanel';
import { isInvitedAddress } from './consent-path';
import { OtherAccount } from './OtherAccount';
import { ParentSignUp } from './ParentSignUp';
import { SignInToAnswer } from './SignInToAnswer';

/** Who is looking decides what they can do: create the account, sign in, or answer. */
export function ConsentAnswer({ token, invitation, onRefused }: { token: string; invitation: FamilyInvitation; onRefused: () => void }) {
  const user = useCurrentUser();
  if (user.status === 'loading') return <Spinner label={messages.loading} />;
  if (user.status === 'anonymous')
    return invitation.hasAccount ? <SignInToAnswer token={token} email={invitation.parentEmail} /> : <ParentSignUp token={token} email={invitation.parentEmail} />;
  if (!isInvitedAddress(user.email, invitation.parentEmail)) return <OtherAccount token={token} email={invitation.parentEmail} />;
  return <ConsentDecisionPanel token={token} childName={invitation.childName} onRefused={onRefused} />;
}
