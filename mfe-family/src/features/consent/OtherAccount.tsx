import { usePlatform } from '@kidslearn/kit/platform';
import { Button } from '@kidslearn/kit/ui';
import { messages } from '../../messages';
import { consentPath } from './consent-path';

/** Signed in with another account than the invited address: only that address may answer. */
export function OtherAccount({ token, email }: { token: string; email: string }) {
  const { auth } = usePlatform();
  return (
    <div className="fam-answer fam-note" role="note">
      <p>{messages.consent.otherAccount(email)}</p>
      <Button variant="outline" onClick={() => void auth.logout(consentPath(token))}>
        {messages.consent.signOut}
      </Button>
    </div>
  );
}
